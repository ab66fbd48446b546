import { AGENT_STATES, type AgentState } from '../domain/agent-state.js';
import { CONTROL_ACTIONS, type ControlAction } from '../domain/control-action.js';
import { IDENTITY_ACCENTS } from '../domain/accent.js';
import { OFF_TOKEN, OVERFLOW_TOKEN, type LightToken } from '../domain/light-token.js';
import type { SurfaceView } from '../domain/surface-view.js';
import type { StateCanvas, VisualFrame } from '../domain/visual-frame.js';
import { IDLE_CANVAS, RUNNING_MOTION_CANVASES, STATE_CANVASES } from './canvases.js';
import { runningMotionIndex } from './glyphs.js';
import { promptCanvas } from './prompt-canvas.js';
import { accentToken, actionEnabledToken, stateToken } from './tokens.js';

const SUMMARY_TOKENS: ReadonlyMap<AgentState, LightToken> = new Map(AGENT_STATES.map((state) => [state, stateToken(state, 'summary')]));

/** [unselected, selected] tokens of the identity accents, so the common case builds no string. */
const ACCENT_TOKENS: ReadonlyMap<string, readonly [LightToken, LightToken]> = new Map(
  IDENTITY_ACCENTS.map((accent) => [accent, [accentToken(accent, false), accentToken(accent, true)] as const]),
);

/** One frozen action map per subset of available actions, indexed by bit mask (bit i = CONTROL_ACTIONS[i]). */
const ACTION_MAPS: readonly Readonly<Record<ControlAction, LightToken>>[] = Array.from({ length: 1 << CONTROL_ACTIONS.length }, (_, mask) =>
  Object.freeze(
    Object.fromEntries(CONTROL_ACTIONS.map((action, bit) => [action, mask & (1 << bit) ? actionEnabledToken(action) : OFF_TOKEN])) as Record<
      ControlAction,
      LightToken
    >,
  ),
);

function canvasFor(view: SurfaceView): StateCanvas {
  const state = view.selectedState;
  if (state === null) return IDLE_CANVAS;
  const prompted = promptCanvas(view.prompt, state, view.hold);
  if (prompted !== null) return prompted;
  if (state === 'running' && view.activityMotion) {
    const canvas = RUNNING_MOTION_CANVASES[runningMotionIndex(view.frame)];
    if (canvas === undefined) throw new RangeError(`view.frame must be an integer render counter, got ${view.frame}`);
    return canvas;
  }
  const canvas = STATE_CANVASES.get(state);
  if (canvas === undefined) throw new RangeError(`view.selectedState is not an agent state: ${String(state)}`);
  return canvas;
}

function actionsFor(available: ReadonlySet<ControlAction>): Readonly<Record<ControlAction, LightToken>> {
  let mask = 0;
  for (let bit = 0; bit < CONTROL_ACTIONS.length; bit += 1) {
    if (available.has(CONTROL_ACTIONS[bit]!)) mask |= 1 << bit;
  }
  return ACTION_MAPS[mask]!;
}

/**
 * Compiles a surface view into light tokens (visual-protocol-1.md §7.3). Pure:
 * equal views give deep-equal frames. Sessions outside 0..capacity-1 are
 * skipped silently and a later session in the same slot wins, as in the reference.
 */
export function compileVisualFrame(view: SurfaceView, selectorCapacity: number): VisualFrame {
  if (!Number.isInteger(selectorCapacity) || selectorCapacity < 0) {
    throw new RangeError(`selectorCapacity must be a non-negative integer, got ${selectorCapacity}`);
  }
  const selectors = new Array<LightToken>(selectorCapacity).fill(OFF_TOKEN);
  const statuses = new Array<LightToken>(selectorCapacity).fill(OFF_TOKEN);
  for (const session of view.sessions) {
    const slot = session.slot;
    if (!Number.isInteger(slot) || slot < 0 || slot >= selectorCapacity) continue;
    const known = ACCENT_TOKENS.get(session.accent);
    selectors[slot] = known ? known[session.selected ? 1 : 0] : accentToken(session.accent, session.selected);
    statuses[slot] = SUMMARY_TOKENS.get(session.state) ?? stateToken(session.state, 'summary');
  }
  return {
    state: canvasFor(view),
    selectors,
    statuses,
    actions: actionsFor(view.availableActions),
    // The reference compiler tests "non-zero" but its browser tests "> 0"; counts are never negative, so prefer the latter.
    overflow: view.overflowCount > 0 ? OVERFLOW_TOKEN : OFF_TOKEN,
  };
}
