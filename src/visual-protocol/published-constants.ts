import { AGENT_STATES, CONTROL_ACTIONS, IDENTITY_ACCENTS } from '../domain/index.js';
import { ACTION_STATES } from './action-states.js';
import { STATE_HEIGHT, STATE_WIDTH, VISUAL_PROTOCOL_VERSION } from './constants.js';
import { GLYPHS } from './glyphs.js';

/**
 * The constants another implementation must share to draw the same lights
 * (visual-protocol-1.md): committed as schemas/visual-protocol.json, so
 * readers and the conformance suite can compare them without running our code.
 */
export function visualProtocolConstants() {
  return {
    visual_protocol: VISUAL_PROTOCOL_VERSION,
    state_region: { width: STATE_WIDTH, height: STATE_HEIGHT },
    identity_accents: [...IDENTITY_ACCENTS],
    glyphs: Object.fromEntries(AGENT_STATES.map((state) => [state, GLYPHS[state].map(([x, y]) => [x, y])])),
    action_states: Object.fromEntries(CONTROL_ACTIONS.map((action) => [action, [...ACTION_STATES[action]]])),
  };
}
