import { OFF_TOKEN, type ShowColor, type ShowFrame } from '../../domain/index.js';
import type { PerformanceManifest } from '../manifest/performance-manifest.js';
import { SHOW_FALLBACK_TOKENS } from '../vocabulary.js';

/** No cue may be shorter (experiences.md §11.4). */
export const MIN_CUE_MS = 220;

/** At most this many of the 80 lights may switch between dark and lit from one cue to the next: never a majority. */
export const MAX_DARK_LIT_FLIPS = 40;

const TOKENS: ReadonlySet<string> = new Set(SHOW_FALLBACK_TOKENS);

const lights = (frame: ShowFrame): ShowColor[] => [...frame.grid.flat(), ...frame.top, ...frame.right];

/** How many lights change between dark (`off` fallback) and lit from `before` to `after`. */
export function darkLitFlips(before: ShowFrame, after: ShowFrame): number {
  const next = lights(after);
  return lights(before).filter((color, i) => (color.fallback === OFF_TOKEN) !== (next[i]!.fallback === OFF_TOKEN)).length;
}

/**
 * Every way a Show breaks the authoring rules of §11.4 (empty when it keeps
 * them all): cue length, flashing, fallbacks outside the 27 tokens, and a lit
 * fallback on black or a dark fallback on a lit RGB. Colours are steady by
 * construction: the format has no flash or pulse modes.
 */
export function visualSafetyProblems(show: Pick<PerformanceManifest, 'cues'>): string[] {
  const problems: string[] = [];
  show.cues.forEach((cue, c) => {
    if (cue.durationMs < MIN_CUE_MS) problems.push(`cue ${c} lasts ${cue.durationMs} ms, less than ${MIN_CUE_MS} ms`);
    const previous = show.cues[c - 1];
    const flips = previous === undefined ? 0 : darkLitFlips(previous.frame, cue.frame);
    if (flips > MAX_DARK_LIT_FLIPS) problems.push(`cue ${c} switches ${flips} lights between dark and lit (at most ${MAX_DARK_LIT_FLIPS})`);
    const all = lights(cue.frame);
    if (all.length !== 80) problems.push(`cue ${c} has ${all.length} lights, not 80`);
    for (const color of new Set(all)) {
      if (!TOKENS.has(color.fallback)) problems.push(`cue ${c} uses fallback ${JSON.stringify(color.fallback)} outside the Show vocabulary`);
      const black = color.rgb.every((channel) => channel === 0);
      if (black !== (color.fallback === OFF_TOKEN)) problems.push(`cue ${c} pairs fallback ${color.fallback} with RGB ${color.rgb.join(',')}`);
    }
  });
  return problems;
}
