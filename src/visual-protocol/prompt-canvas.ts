import { MAX_QUESTION_OPTIONS, type ApprovalTier, type SurfacePrompt } from '../domain/prompt.js';
import { HOLD_FILL_STEPS, type ApproveHoldView } from '../domain/surface-view.js';
import type { LightToken } from '../domain/light-token.js';
import { STATE_HEIGHT, STATE_WIDTH } from './constants.js';
import type { StateCanvas } from '../domain/visual-frame.js';
import { STATE_CANVASES } from './canvases.js';
import type { GlyphCell } from './glyphs.js';
import { chosenOptionToken, optionToken, questionCanvas, SEND_TOKEN } from './question-canvas.js';

/*
 * Pad-Lattice's extension of the state canvas (README, "Questions and
 * approval details"): a question shows one pad per option, an approval with
 * details frames the `!` in its tier's colour, a refused request shows the
 * error glyph for a moment. The tokens are our own, each with a Visual
 * Protocol 1 token of the same hue that renderers and reference clients fall
 * back to (`protocolToken`).
 */

/** `tier:<tier>`: the frame of an approval in its tier's colour. */
export const tierToken = (tier: ApprovalTier): LightToken => `tier:${tier}`;
/** `hold:fill`: how far Approve has been held (hold to approve), rising inside the frame. */
export const HOLD_FILL_TOKEN: LightToken = 'hold:fill';

/** The colour each extension token borrows, from the 22 tokens every profile palette defines. */
const TIER_FALLBACKS: Readonly<Record<ApprovalTier, LightToken>> = {
  read_only: 'state:success:primary',
  edit: 'state:running:primary',
  network: 'state:user_typing:primary',
  destructive: 'state:error:primary',
};
/** Options light in the question's own colour: the white of the `?` glyph. */
const OPTION_FALLBACK: LightToken = 'state:waiting_for_reply:primary';
/** A chosen option of a multi-select question: green, like a tick. */
const CHOSEN_OPTION_FALLBACK: LightToken = 'state:success:primary';
/** Send: blue, "go on"; never the amber of an approval. */
const SEND_FALLBACK: LightToken = 'state:running:primary';
/** A hold fills green, Approve's hue (as a canvas token, which every palette and reference client knows). */
const HOLD_FILL_FALLBACK: LightToken = 'state:success:primary';

/** The Visual Protocol 1 token to draw `token` with where extension tokens are unknown; other tokens unchanged. */
export function protocolToken(token: LightToken): LightToken {
  if (token === SEND_TOKEN) return SEND_FALLBACK;
  if (token === HOLD_FILL_TOKEN) return HOLD_FILL_FALLBACK;
  if (token.startsWith('option:')) return token.endsWith(':on') ? CHOSEN_OPTION_FALLBACK : OPTION_FALLBACK;
  if (token.startsWith('tier:')) return TIER_FALLBACKS[token.slice('tier:'.length) as ApprovalTier] ?? token;
  return token;
}

/** Every extension token with its fallback, for colour tables. */
export const EXTENSION_TOKEN_FALLBACKS: ReadonlyMap<LightToken, LightToken> = new Map([
  ...Array.from({ length: MAX_QUESTION_OPTIONS }, (_, i) => [optionToken(i + 1), OPTION_FALLBACK] as const),
  ...Array.from({ length: MAX_QUESTION_OPTIONS }, (_, i) => [chosenOptionToken(i + 1), CHOSEN_OPTION_FALLBACK] as const),
  [SEND_TOKEN, SEND_FALLBACK] as const,
  [HOLD_FILL_TOKEN, HOLD_FILL_FALLBACK] as const,
  ...Object.entries(TIER_FALLBACKS).map(([tier, fallback]) => [tierToken(tier as ApprovalTier), fallback] as const),
]);

function frame(base: StateCanvas, cells: readonly GlyphCell[], token: LightToken): StateCanvas {
  const rows = base.map((row) => [...row]);
  for (const [x, y] of cells) rows[y]![x] = token;
  return Object.freeze(rows.map((row) => Object.freeze(row)));
}

/** The two outer columns, top to bottom: the tier's frame around the `!`. */
const FRAME_CELLS: readonly GlyphCell[] = [0, STATE_WIDTH - 1].flatMap((x) => Array.from({ length: STATE_HEIGHT }, (_, y) => [x, y] as const));

const APPROVAL_CANVASES: ReadonlyMap<ApprovalTier, StateCanvas> = new Map(
  (Object.keys(TIER_FALLBACKS) as ApprovalTier[]).map((tier) => [tier, frame(STATE_CANVASES.get('waiting_for_approval')!, FRAME_CELLS, tierToken(tier))]),
);

/** The cells inside the frame of the bottom `rows` rows: a hold's fill, rising one row per step. */
const fillCells = (rows: number): GlyphCell[] =>
  Array.from({ length: rows }, (_, i) => STATE_HEIGHT - 1 - i).flatMap((y) => Array.from({ length: STATE_WIDTH - 2 }, (_, x) => [x + 1, y] as const));

/** Per tier, the approval canvas with 0..HOLD_FILL_STEPS rows filled (one shared frozen canvas each). */
const HOLD_CANVASES: ReadonlyMap<ApprovalTier, readonly StateCanvas[]> = new Map(
  [...APPROVAL_CANVASES].map(([tier, canvas]) => [
    tier,
    Array.from({ length: HOLD_FILL_STEPS + 1 }, (_, rows) => frame(canvas, fillCells(rows), HOLD_FILL_TOKEN)),
  ]),
);

/**
 * The canvas a prompt replaces the state glyph with, or null when it does
 * not: a question always (its options are what the user can act on), an
 * approval only while the agent's state is `waiting_for_approval` (with the
 * fill of a hold on Approve, hold to approve), a refusal
 * as the error glyph while it shows; input only the terminal can give leaves
 * the state's own `?`.
 */
export function promptCanvas(prompt: SurfacePrompt | undefined, selectedState: string | null, hold?: ApproveHoldView): StateCanvas | null {
  if (prompt === undefined) return null;
  switch (prompt.kind) {
    case 'question':
      return questionCanvas(prompt);
    case 'approval':
      if (selectedState !== 'waiting_for_approval') return null;
      // Held: the frame stays and the fill rises inside it, one row a step; nothing blinks.
      if (hold !== undefined) return HOLD_CANVASES.get(prompt.tier)?.[Math.min(hold.filled, HOLD_FILL_STEPS)] ?? null;
      return APPROVAL_CANVASES.get(prompt.tier) ?? null;
    case 'notice':
      return prompt.notice === 'denied' ? STATE_CANVASES.get('error')! : null;
  }
}
