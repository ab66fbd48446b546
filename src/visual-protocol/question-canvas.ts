import { MAX_QUESTION_OPTIONS, type Question, type QuestionPrompt } from '../domain/prompt.js';
import { OFF_TOKEN, type LightToken } from '../domain/light-token.js';
import { STATE_HEIGHT, STATE_WIDTH } from './constants.js';
import type { StateCanvas } from '../domain/visual-frame.js';
import type { GlyphCell } from './glyphs.js';

/*
 * A question on the state canvas (Pad-Lattice's extension, README "Questions
 * and approval details"): one pad per option in the middle column, top down
 * like the agent's own list. A multi-select question lights the options
 * toggled on in their own colour and adds a Send pad in the bottom right
 * corner, far from the options, lit only once something is chosen.
 */

/** `option:<n>`: the pad of option n (1-based), in the question's steady colour. */
export const optionToken = (index: number): LightToken => `option:${index}`;
/** `option:<n>:on`: option n of a multi-select question, toggled on. */
export const chosenOptionToken = (index: number): LightToken => `option:${index}:on`;
/** `option:send`: the pad that sends a multi-select question's answer. */
export const SEND_TOKEN: LightToken = 'option:send';

/** Options stand in the canvas' middle column. */
const OPTION_COLUMN = 3;
/** The Send pad: the canvas' bottom right corner. */
export const SEND_CELL: GlyphCell = [STATE_WIDTH - 1, STATE_HEIGHT - 1];

/**
 * The cell of each option, in order. Up to four options leave a dark row
 * between two pads, so fingers and eyes tell them apart; five to eight fill
 * the eight rows.
 */
export function optionCells(count: number): readonly GlyphCell[] {
  const spread = count <= STATE_HEIGHT / 2 ? 2 : 1;
  return Array.from({ length: Math.min(count, MAX_QUESTION_OPTIONS) }, (_, i) => [OPTION_COLUMN, i * spread] as const);
}

/**
 * The pad index (QuestionPrompt's terms: an option, 0-based, or the Send pad
 * after the last option) of canvas cell (x, y) for `question`, or null.
 */
export function optionAtCell(question: Question, x: number, y: number): number | null {
  const count = question.options.length;
  if (question.multiSelect && x === SEND_CELL[0] && y === SEND_CELL[1]) return count;
  const index = optionCells(count).findIndex(([cx, cy]) => cx === x && cy === y);
  return index < 0 ? null : index;
}

function paint(cells: readonly GlyphCell[], tokenOf: (index: number) => LightToken): StateCanvas {
  const rows = Array.from({ length: STATE_HEIGHT }, () => new Array<LightToken>(STATE_WIDTH).fill(OFF_TOKEN));
  cells.forEach(([x, y], index) => (rows[y]![x] = tokenOf(index)));
  return Object.freeze(rows.map((row) => Object.freeze(row)));
}

/** One shared frozen canvas per option count (index 0 unused), as for the state glyphs. */
const SINGLE_CHOICE_CANVASES: readonly StateCanvas[] = Array.from({ length: MAX_QUESTION_OPTIONS + 1 }, (_, count) =>
  paint(optionCells(count), (index) => optionToken(index + 1)),
);

/** Multi-select canvases by option count and chosen-option bit mask, painted on first use (at most 8 × 256). */
const MULTI_SELECT_CANVASES = new Map<number, StateCanvas>();

function multiSelectCanvas(count: number, chosen: readonly number[]): StateCanvas {
  const mask = chosen.reduce((bits, option) => bits | (1 << option), 0);
  const key = count * (1 << MAX_QUESTION_OPTIONS) + mask;
  let canvas = MULTI_SELECT_CANVASES.get(key);
  if (canvas === undefined) {
    const cells = mask === 0 ? optionCells(count) : [...optionCells(count), SEND_CELL];
    canvas = paint(cells, (index) => (index === count ? SEND_TOKEN : mask & (1 << index) ? chosenOptionToken(index + 1) : optionToken(index + 1)));
    MULTI_SELECT_CANVASES.set(key, canvas);
  }
  return canvas;
}

/** The canvas of the question a prompt shows. */
export function questionCanvas(prompt: QuestionPrompt): StateCanvas {
  const count = Math.min(prompt.question.options.length, MAX_QUESTION_OPTIONS);
  return prompt.question.multiSelect ? multiSelectCanvas(count, prompt.selected) : SINGLE_CHOICE_CANVASES[count]!;
}
