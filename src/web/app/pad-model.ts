import type { ControlAction } from '../../domain/control-action.js';
import { makeSurfaceView } from '../../domain/surface-view.js';
import { compileVisualFrame } from '../../visual-protocol/compile.js';
import { visualFrameToJson, type VisualFrameJson } from '../../visual-protocol/frame-json.js';
import { cssColorForToken } from '../../visual-protocol/semantic-colors.js';
import type { SessionState } from './live-session.js';

/** The pad's action buttons: the control actions, one vocabulary. */
export type ActionName = ControlAction;

/** One light of the 80 (visual-protocol-1.md §2): its colour and, for buttons, whether a press is sent. */
export interface PadLight {
  readonly color: string;
  readonly enabled: boolean;
}

export interface TopRailLight extends PadLight {
  /** The action a press sends, or null for the overflow light and the reserved positions. */
  readonly action: ActionName | null;
  readonly role: string;
  /** Pressed here and not answered yet: dark, and a second press sends nothing. */
  readonly sending: boolean;
}

export interface PadModel {
  readonly top: readonly TopRailLight[];
  /** `grid[y][x]`: columns 0–6 the state canvas, column 7 the status pads. */
  readonly grid: readonly (readonly string[])[];
  readonly scenes: readonly PadLight[];
  /** True while a Show paints the whole surface; icons and Scene numbers hide. */
  readonly showing: boolean;
}

/** Top-rail roles left to right (§16): 2, 3 and 5 are reserved; 4 shows overflow. */
export const TOP_RAIL: readonly (ActionName | 'overflow' | null)[] = ['approve', 'reject', null, null, 'overflow', null, 'retry', 'stop'];

/** Until the first `surface`: the empty view (no selection, no sessions), three idle cells. */
const EMPTY_FRAME: VisualFrameJson = visualFrameToJson(compileVisualFrame(makeSurfaceView({ selectedState: null }), 8));

const OFF = cssColorForToken('off');

export function isShowDisplayed(state: SessionState): boolean {
  const experience = state.experience;
  return (
    experience !== null && experience.kind === 'show' && (experience.status === 'starting' || experience.status === 'playing') && state.performance !== null
  );
}

/** The colours and enabled buttons of the pad for one session state. */
export function padModel(state: SessionState): PadModel {
  const connected = state.status === 'connected';
  if (isShowDisplayed(state) && state.performance !== null) {
    const show = state.performance;
    return {
      top: TOP_RAIL.map((role, i) => ({ color: show.top[i] ?? OFF, enabled: false, action: null, role: role ?? 'reserved', sending: false })),
      grid: show.grid,
      scenes: show.right.map((color) => ({ color, enabled: false })),
      showing: true,
    };
  }
  const frame = state.surface?.visual_frame ?? EMPTY_FRAME;
  return {
    top: TOP_RAIL.map((role) => topLight(role, frame, connected, state.presses.held)),
    grid: frame.state.map((row, y) => [...row.map(cssColorForToken), cssColorForToken(frame.statuses[y] ?? 'off')]),
    scenes: frame.selectors.map((token) => ({ color: cssColorForToken(token), enabled: connected && token !== 'off' })),
    showing: false,
  };
}

function topLight(role: ActionName | 'overflow' | null, frame: VisualFrameJson, connected: boolean, held: ReadonlySet<ActionName>): TopRailLight {
  if (role === null) return { color: OFF, enabled: false, action: null, role: 'reserved', sending: false };
  if (role === 'overflow') return { color: cssColorForToken(frame.overflow), enabled: false, action: null, role, sending: false };
  if (held.has(role)) return { color: OFF, enabled: false, action: role, role, sending: true };
  const token = frame.actions[role];
  return { color: cssColorForToken(token), enabled: connected && token !== 'off', action: role, role, sending: false };
}
