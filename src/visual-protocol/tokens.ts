import { AGENT_STATES, type AgentState } from '../domain/agent-state.js';
import { CONTROL_ACTIONS, type ControlAction } from '../domain/control-action.js';
import { IDENTITY_ACCENTS } from '../domain/accent.js';
import { ACTIVITY_TOKEN, IDLE_TOKEN, OFF_TOKEN, OVERFLOW_TOKEN, type LightToken } from '../domain/light-token.js';

export type StateTokenRole = 'primary' | 'summary';

/** `state:<state>:primary` (canvas glyph) or `state:<state>:summary` (status pad). */
export function stateToken(state: AgentState, role: StateTokenRole): LightToken {
  return `state:${state}:${role}`;
}

/** `action:<action>:enabled`; an unavailable action is simply `off`. */
export function actionEnabledToken(action: ControlAction): LightToken {
  return `action:${action}:enabled`;
}

/**
 * `accent:<name>:selected|unselected`. The name is not validated: an accent a
 * profile does not know fails at colour resolution, as the protocol requires.
 */
export function accentToken(accent: string, selected: boolean): LightToken {
  return `accent:${accent}:${selected ? 'selected' : 'unselected'}`;
}

/**
 * Every token of the §6 grammar with the eight identity accents: 3 base,
 * 14 state, 4 action, 16 accent and 1 system token.
 */
export const VISUAL_TOKENS: readonly LightToken[] = Object.freeze([
  OFF_TOKEN,
  IDLE_TOKEN,
  ACTIVITY_TOKEN,
  ...AGENT_STATES.flatMap((state) => [stateToken(state, 'primary'), stateToken(state, 'summary')]),
  ...CONTROL_ACTIONS.map(actionEnabledToken),
  ...IDENTITY_ACCENTS.flatMap((accent) => [accentToken(accent, true), accentToken(accent, false)]),
  OVERFLOW_TOKEN,
]);

const VISUAL_TOKEN_SET: ReadonlySet<string> = new Set(VISUAL_TOKENS);

/** True when `token` matches the Visual Protocol 1 token grammar (accents limited to the identity accents). */
export function isVisualToken(token: string): boolean {
  return VISUAL_TOKEN_SET.has(token);
}
