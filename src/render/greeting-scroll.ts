import { textColumns } from '../visual-protocol/led-font.js';
import { GRID_SIZE } from './light-table.js';

export const DEFAULT_GREETING = 'HELLO FROM CODEX CLI';
export const DEFAULT_GREETING_DELAY_SECONDS = 0.08;

/**
 * The greeting as a strip of columns padded with one blank grid width on both
 * sides, so the text enters from the right and leaves to the left; frame
 * `offset` shows `strip[offset .. offset + 8)` (midi-rendering.md §8.2).
 */
export interface GreetingScroll {
  readonly strip: Uint8Array;
  /** len(text columns) + 8 + 1; the first and last frames are blank. */
  readonly frameCount: number;
}

/** Null when there is nothing to scroll (empty text or a profile without `text_scroll`). */
export function greetingScroll(text: string | null, textScroll: boolean): GreetingScroll | null {
  if (text === null || text === '' || !textScroll) return null;
  const columns = textColumns(text);
  const strip = new Uint8Array(GRID_SIZE + columns.length + GRID_SIZE);
  strip.set(columns, GRID_SIZE);
  return { strip, frameCount: strip.length - GRID_SIZE + 1 };
}

/** Seconds the greeting takes (a sleep follows every frame); 0 when there is none. */
export function greetingDuration(text: string | null, textScroll: boolean, delaySeconds: number): number {
  const scroll = greetingScroll(text, textScroll);
  return scroll === null ? 0 : scroll.frameCount * delaySeconds;
}
