import type { EarconName } from '../experiences/vocabulary.js';
import { earconNotes } from './earcon-patterns.js';
import { notesEnd } from './note.js';
import { mixToPcm16, type Pcm16 } from './pcm.js';
import { renderNotes } from './synth.js';
import { encodeWav } from './wav.js';

/** Earcons are mono at 22 050 Hz (experiences.md §11.5): small files, plenty for short tones. */
export const EARCON_SAMPLE_RATE = 22_050;

/** Silence kept after the last note, so players that cut the final buffer short lose nothing audible. */
const TAIL_SECONDS = 0.02;

/** One earcon as mono 16-bit samples: what the browser plays through Web Audio. */
export function renderEarconPcm(name: EarconName, slot: number | null): Pcm16 {
  const notes = earconNotes(name, slot);
  return mixToPcm16(renderNotes(notes, EARCON_SAMPLE_RATE, 1, notesEnd(notes) + TAIL_SECONDS));
}

/** One earcon as a mono 16-bit WAV file: what the host's players read. */
export function renderEarconWav(name: EarconName, slot: number | null): Uint8Array {
  return encodeWav(renderEarconPcm(name, slot));
}
