import { AGENT_STATES, type AgentState } from '../domain/agent-state.js';
import { ACTIVITY_TOKEN, IDLE_TOKEN, OFF_TOKEN, type LightToken } from '../domain/light-token.js';
import type { StateCanvas } from '../domain/visual-frame.js';
import { STATE_HEIGHT, STATE_WIDTH } from './constants.js';
import { GLYPHS, IDLE_DASH, RUNNING_MOTION_COLUMNS, RUNNING_MOTION_ROWS, type GlyphCell } from './glyphs.js';
import { stateToken } from './tokens.js';

function paintCanvas(layers: readonly { cells: readonly GlyphCell[]; token: LightToken }[]): StateCanvas {
  const rows: LightToken[][] = Array.from({ length: STATE_HEIGHT }, () => new Array<LightToken>(STATE_WIDTH).fill(OFF_TOKEN));
  for (const layer of layers) {
    for (const [x, y] of layer.cells) rows[y]![x] = layer.token;
  }
  return Object.freeze(rows.map((row) => Object.freeze(row)));
}

function glyphLayer(state: AgentState): { cells: readonly GlyphCell[]; token: LightToken } {
  return { cells: GLYPHS[state], token: stateToken(state, 'primary') };
}

/*
 * Every canvas the protocol can produce is known up front (idle, one per state,
 * one per running-motion position), so compilation picks a shared frozen canvas
 * instead of painting 56 cells on every render.
 */

export const IDLE_CANVAS: StateCanvas = paintCanvas([{ cells: IDLE_DASH, token: IDLE_TOKEN }]);

export const STATE_CANVASES: ReadonlyMap<AgentState, StateCanvas> = new Map(AGENT_STATES.map((state) => [state, paintCanvas([glyphLayer(state)])]));

/** Running canvases with the activity highlight, indexed like RUNNING_MOTION_COLUMNS. */
export const RUNNING_MOTION_CANVASES: readonly StateCanvas[] = Object.freeze(
  RUNNING_MOTION_COLUMNS.map((column) =>
    paintCanvas([glyphLayer('running'), { cells: RUNNING_MOTION_ROWS.map((row) => [column, row] as const), token: ACTIVITY_TOKEN }]),
  ),
);
