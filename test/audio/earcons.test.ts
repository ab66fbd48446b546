import { describe, expect, it } from 'vitest';
import { EARCON_SAMPLE_RATE, renderEarconWav } from '../../src/audio/earcon-audio.js';
import { EARCON_PATTERNS, earconNotes } from '../../src/audio/earcon-patterns.js';
import { EARCON_NAMES } from '../../src/experiences/vocabulary.js';
import { readWav } from './helpers/wav-reader.js';
import { dominantHz, midiHz } from './helpers/spectrum.js';

const offsets = (name: keyof typeof EARCON_PATTERNS) => EARCON_PATTERNS[name].map((note) => note.offset);
const starts = (name: keyof typeof EARCON_PATTERNS) => EARCON_PATTERNS[name].map((note) => note.at);
const slots = [null, 0, 1, 2, 3, 4, 5, 6, 7] as const;

describe('earcon patterns (experiences.md §12.1)', () => {
  it('has a pattern for each of the eleven names, each under a second', () => {
    expect(Object.keys(EARCON_PATTERNS).sort()).toEqual([...EARCON_NAMES].sort());
    for (const name of EARCON_NAMES) {
      const end = Math.max(...EARCON_PATTERNS[name].map((note) => note.at + note.length));
      expect(end, name).toBeLessThan(1);
    }
  });

  it('follows the informal characters', () => {
    expect(offsets('question')).toEqual([0, 7]); // rising a fifth
    expect(offsets('session_selected')).toHaveLength(1); // one high bell
    expect(offsets('session_selected')[0]).toBeGreaterThanOrEqual(12);
    expect(offsets('unavailable')).toHaveLength(1); // one very low click
    expect(offsets('unavailable')[0]).toBeLessThanOrEqual(-12);
    expect(offsets('stop')[0]! - offsets('stop')[1]!).toBe(12); // a drop by an octave
    expect(offsets('approve')).toEqual([0, 4, 7]); // quick rising major figure
    expect(offsets('success')).toEqual([0, 4, 7, 12]); // four-note rising major chime
    const [high, low] = offsets('reject');
    expect(high).toBeGreaterThan(low!); // two notes falling
    const retry = offsets('retry');
    expect(retry).toHaveLength(3);
    expect(retry[1]! > retry[0]! && retry[2]! > retry[1]!).toBe(true); // three rising steps
    expect(offsets('approval')).toEqual([4, 2, 4, 2]); // two repeated knocks that never resolve to the root
    expect(Math.max(...offsets('error'))).toBeLessThan(0); // low
    expect(Math.max(...offsets('cancelled'))).toBeLessThan(0);
    expect(EARCON_PATTERNS.cancelled.every((note) => note.voice === 'soft')).toBe(true);
    for (const name of EARCON_NAMES)
      expect(
        [...starts(name)].sort((a, b) => a - b),
        name,
      ).toEqual(starts(name));
  });
});

describe('earcon audio', () => {
  it.each(EARCON_NAMES)('%s renders mono 22 050 Hz 16-bit for every slot, without clipping', (name) => {
    for (const slot of slots) {
      const wav = readWav(renderEarconWav(name, slot));
      expect(wav).toMatchObject({ channels: 1, sampleRate: EARCON_SAMPLE_RATE, bitsPerSample: 16, format: 1 });
      const samples = wav.samples[0]!;
      const peak = Math.max(...samples.map(Math.abs));
      expect(peak, `${name}/${slot}`).toBeGreaterThan(2000);
      expect(peak, `${name}/${slot}`).toBeLessThan(32_767 * 0.95);
      expect(samples[0]).toBe(0);
      expect(Math.abs(samples.at(-1)!)).toBeLessThan(50);
    }
  });

  it('sounds the question root at the slot pitch and its second note a fifth higher', () => {
    for (const slot of [null, 0, 3, 7] as const) {
      const [first, second] = earconNotes('question', slot);
      const samples = readWav(renderEarconWav('question', slot)).samples[0]!;
      // The first note sounds alone until the second begins.
      const firstWindow = [0, Math.round(second!.start * EARCON_SAMPLE_RATE)] as const;
      expect(Math.abs(dominantHz(samples, EARCON_SAMPLE_RATE, 150, 900, ...firstWindow) - midiHz(first!.pitch)), `slot ${slot}`).toBeLessThanOrEqual(3);
      const lateWindow = [Math.round((first!.start + first!.length) * EARCON_SAMPLE_RATE), samples.length] as const;
      expect(Math.abs(dominantHz(samples, EARCON_SAMPLE_RATE, 150, 1300, ...lateWindow) - midiHz(second!.pitch)), `slot ${slot}`).toBeLessThanOrEqual(4);
    }
  });

  it('makes a different file per slot and the same file for slot null and slot 0', () => {
    expect(renderEarconWav('success', null)).toEqual(renderEarconWav('success', 0));
    expect(renderEarconWav('success', 1)).not.toEqual(renderEarconWav('success', 0));
  });
});
