import { MAX_QUESTION_OPTIONS, type ApprovalTier, type SurfacePrompt } from '../domain/prompt.js';
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

/** The Visual Protocol 1 token to draw `token` with where extension tokens are unknown; other tokens unchanged. */
export function protocolToken(token: LightToken): LightToken {
  if (token === SEND_TOKEN) return SEND_FALLBACK;
  if (token.startsWith('option:')) return token.endsWith(':on') ? CHOSEN_OPTION_FALLBACK : OPTION_FALLBACK;
  if (token.startsWith('tier:')) return TIER_FALLBACKS[token.slice('tier:'.length) as ApprovalTier] ?? token;
  return token;
}

/** Every extension token with its fallback, for colour tables. */
export const EXTENSION_TOKEN_FALLBACKS: ReadonlyMap<LightToken, LightToken> = new Map([
  ...Array.from({ length: MAX_QUESTION_OPTIONS }, (_, i) => [optionToken(i + 1), OPTION_FALLBACK] as const),
  ...Array.from({ length: MAX_QUESTION_OPTIONS }, (_, i) => [chosenOptionToken(i + 1), CHOSEN_OPTION_FALLBACK] as const),
  [SEND_TOKEN, SEND_FALLBACK] as const,
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

/**
 * The canvas a prompt replaces the state glyph with, or null when it does
 * not: a question always (its options are what the user can act on), an
 * approval only while the agent's state is `waiting_for_approval`, a refusal
 * as the error glyph while it shows; input only the terminal can give leaves
 * the state's own `?`.
 */
export function promptCanvas(prompt: SurfacePrompt | undefined, selectedState: string | null): StateCanvas | null {
  if (prompt === undefined) return null;
  switch (prompt.kind) {
    case 'question':
      return questionCanvas(prompt);
    case 'approval':
      return selectedState === 'waiting_for_approval' ? (APPROVAL_CANVASES.get(prompt.tier) ?? null) : null;
    case 'notice':
      return prompt.notice === 'denied' ? STATE_CANVASES.get('error')! : null;
  }
}
