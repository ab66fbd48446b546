import type { ControlAction } from './control-action.js';
import type { LightToken } from './light-token.js';

/** The 7×8 state canvas as rows: `canvas[y][x]`. */
export type StateCanvas = readonly (readonly LightToken[])[];

/**
 * The compiled light tokens of one render (visual-protocol-1.md §7.2). The
 * compiler lives in visual-protocol; the frame is shared data, compiled once
 * per render and handed to every surface, so its shape lives here.
 */
export interface VisualFrame {
  /** 8 rows (y = 0..7) of 7 tokens (x = 0..6); shared and frozen, never mutate. */
  readonly state: StateCanvas;
  /** One token per selector slot (Agent Scene strip). */
  readonly selectors: readonly LightToken[];
  /** One token per selector slot (status column). */
  readonly statuses: readonly LightToken[];
  /** All four actions, keys in canonical order; shared and frozen. */
  readonly actions: Readonly<Record<ControlAction, LightToken>>;
  readonly overflow: LightToken;
}
