import type { AgentState } from '../domain/agent-state.js';

/** A canvas cell `[x, y]`: x is the column (0 = left), y the row (0 = top). */
export type GlyphCell = readonly [x: number, y: number];

function cells(...pairs: (readonly [number, number])[]): readonly GlyphCell[] {
  return Object.freeze(pairs.map((pair) => Object.freeze([pair[0], pair[1]] as const)));
}

/**
 * The cells of each state's glyph, in the conformance fixture's order (running
 * column-major; error and cancelled by x then y; the rest in authoring order).
 * Rendering ignores the order; the fixture comparison does not.
 */
export const GLYPHS: Readonly<Record<AgentState, readonly GlyphCell[]>> = Object.freeze({
  running: cells([1, 3], [1, 4], [3, 3], [3, 4], [5, 3], [5, 4]),
  waiting_for_reply: cells([1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [0, 1], [6, 1], [6, 2], [5, 2], [5, 3], [4, 3], [4, 4], [3, 5], [3, 7]),
  user_typing: cells([1, 1], [2, 2], [3, 3], [4, 4], [3, 5], [2, 6], [1, 7]),
  waiting_for_approval: cells([3, 0], [3, 1], [3, 2], [3, 3], [3, 4], [3, 7]),
  success: cells([1, 2], [5, 2], [0, 4], [1, 5], [2, 6], [3, 7], [4, 6], [5, 5], [6, 4]),
  error: cells([0, 0], [0, 7], [1, 1], [1, 6], [2, 2], [2, 5], [3, 3], [3, 4], [4, 2], [4, 5], [5, 1], [5, 6], [6, 0], [6, 7]),
  cancelled: cells(
    [1, 1],
    [1, 2],
    [1, 3],
    [1, 4],
    [1, 5],
    [1, 6],
    [2, 1],
    [2, 6],
    [3, 1],
    [3, 6],
    [4, 1],
    [4, 6],
    [5, 1],
    [5, 2],
    [5, 3],
    [5, 4],
    [5, 5],
    [5, 6],
  ),
});

/** The dim dash shown when no agent is selected. */
export const IDLE_DASH: readonly GlyphCell[] = cells([2, 4], [3, 4], [4, 4]);

/** Columns of the running ellipsis dots, in the order the motion visits them. */
export const RUNNING_MOTION_COLUMNS: readonly number[] = Object.freeze([1, 3, 5]);

/** Rows that the highlighted running dot covers. */
export const RUNNING_MOTION_ROWS: readonly number[] = Object.freeze([3, 4]);

/**
 * Which entry of RUNNING_MOTION_COLUMNS is highlighted for a render counter.
 * JavaScript `%` keeps the dividend's sign, so fold it back to 0..2 the way the
 * reference's modulo does.
 */
export function runningMotionIndex(frame: number): number {
  const count = RUNNING_MOTION_COLUMNS.length;
  return ((frame % count) + count) % count;
}
