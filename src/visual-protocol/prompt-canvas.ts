import { MAX_QUESTION_OPTIONS, type ApprovalTier, type SurfacePrompt } from '../domain/prompt.js';
import type { LightToken } from '../domain/light-token.js';
import { OFF_TOKEN } from '../domain/light-token.js';
import { STATE_HEIGHT, STATE_WIDTH } from './constants.js';
import type { StateCanvas } from '../domain/visual-frame.js';
import { STATE_CANVASES } from './canvases.js';
import type { GlyphCell } from './glyphs.js';

/*
 * Pad-Lattice's extension of the state canvas (README, "Questions and
 * approval details"): a question shows one pad per option, an approval with
 * details frames the `!` in its tier's colour. The tokens are our own, each
 * with a Visual Protocol 1 token of the same hue that renderers and
 * reference clients fall back to (`protocolToken`).
 */

/** `option:<n>`: the pad of option n (1-based), in the question's steady colour. */
export const optionToken = (index: number): LightToken => `option:${index}`;
/** `tier:<tier>`: the frame of an approval in its tier's colour. */
export const tierToken = (tier: ApprovalTier): LightToken => `tier:${tier}`;

/** The colour each extension token borrows, from the 22 tokens every profile palette defines. */
const TIER_FALLBACKS: Readonly<Record<ApprovalTier, LightToken>> = {
  read_only: 'state:success:primary',
  edit: 'state:running:primary',
  network: 'state:user_typing:primary',
  destructive: 'state:error:primary',
};
/** Options light in the question's own colour: the white of the `?` glyph. */
const OPTION_FALLBACK: LightToken = 'state:waiting_for_reply:primary';

/** The Visual Protocol 1 token to draw `token` with where extension tokens are unknown; other tokens unchanged. */
export function protocolToken(token: LightToken): LightToken {
  if (token.startsWith('option:')) return OPTION_FALLBACK;
  if (token.startsWith('tier:')) return TIER_FALLBACKS[token.slice('tier:'.length) as ApprovalTier] ?? token;
  return token;
}

/** Every extension token with its fallback, for colour tables. */
export const EXTENSION_TOKEN_FALLBACKS: ReadonlyMap<LightToken, LightToken> = new Map([
  ...Array.from({ length: MAX_QUESTION_OPTIONS }, (_, i) => [optionToken(i + 1), OPTION_FALLBACK] as const),
  ...Object.entries(TIER_FALLBACKS).map(([tier, fallback]) => [tierToken(tier as ApprovalTier), fallback] as const),
]);

/** Options stand in the canvas' middle column, top down like the agent's own list. */
const OPTION_COLUMN = 3;

/**
 * The cell of each option, in order. Up to four options leave a dark row
 * between two pads, so fingers and eyes tell them apart; five to eight fill
 * the eight rows.
 */
export function optionCells(count: number): readonly GlyphCell[] {
  const spread = count <= STATE_HEIGHT / 2 ? 2 : 1;
  return Array.from({ length: Math.min(count, MAX_QUESTION_OPTIONS) }, (_, i) => [OPTION_COLUMN, i * spread] as const);
}

/** The option (0-based) whose pad is canvas cell (x, y) when `count` options show, or null. */
export function optionAtCell(count: number, x: number, y: number): number | null {
  const index = optionCells(count).findIndex(([cx, cy]) => cx === x && cy === y);
  return index < 0 ? null : index;
}

function paint(base: StateCanvas, cells: readonly GlyphCell[], tokenOf: (index: number) => LightToken): StateCanvas {
  const rows = base.map((row) => [...row]);
  cells.forEach(([x, y], index) => (rows[y]![x] = tokenOf(index)));
  return Object.freeze(rows.map((row) => Object.freeze(row)));
}

const BLANK: StateCanvas = Object.freeze(Array.from({ length: STATE_HEIGHT }, () => Object.freeze(new Array<LightToken>(STATE_WIDTH).fill(OFF_TOKEN))));

/** One shared frozen canvas per option count (index 0 unused), as for the state glyphs. */
const OPTION_CANVASES: readonly StateCanvas[] = Array.from({ length: MAX_QUESTION_OPTIONS + 1 }, (_, count) =>
  paint(BLANK, optionCells(count), (index) => optionToken(index + 1)),
);

/** The two outer columns, top to bottom: the tier's frame around the `!`. */
const FRAME_CELLS: readonly GlyphCell[] = [0, STATE_WIDTH - 1].flatMap((x) => Array.from({ length: STATE_HEIGHT }, (_, y) => [x, y] as const));

const APPROVAL_CANVASES: ReadonlyMap<ApprovalTier, StateCanvas> = new Map(
  (Object.keys(TIER_FALLBACKS) as ApprovalTier[]).map((tier) => [tier, paint(STATE_CANVASES.get('waiting_for_approval')!, FRAME_CELLS, () => tierToken(tier))]),
);

/**
 * The canvas a prompt replaces the state glyph with, or null when it does
 * not: a question always (its options are what the user can act on), an
 * approval only while the agent's state is `waiting_for_approval`.
 */
export function promptCanvas(prompt: SurfacePrompt | undefined, selectedState: string | null): StateCanvas | null {
  if (prompt === undefined) return null;
  if (prompt.kind === 'question') return OPTION_CANVASES[Math.min(prompt.question.options.length, MAX_QUESTION_OPTIONS)] ?? null;
  return selectedState === 'waiting_for_approval' ? (APPROVAL_CANVASES.get(prompt.tier) ?? null) : null;
}
