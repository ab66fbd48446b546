import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCORE_SAMPLE_RATE, manifestScoreCues, renderShowScoreWav } from '../../src/audio/show-audio.js';
import { showScoreNotes, showScoreSeconds } from '../../src/audio/show-score.js';
import { PACKAGED_SHOW_FILE, loadPerformanceManifest, type PerformanceManifest } from '../../src/experiences/index.js';
import type { ShowScoreCue } from '../../src/experiences/runtime/output.js';
import { PACKAGE_ROOT } from '../../src/support/package-info.js';
import { readWav } from './helpers/wav-reader.js';

let show: PerformanceManifest;
beforeAll(async () => {
  show = await loadPerformanceManifest(join(PACKAGE_ROOT, PACKAGED_SHOW_FILE));
});

const cue = (startSeconds: number, lengthSeconds: number, act: string, caption: string | null = null): ShowScoreCue => ({
  startSeconds,
  lengthSeconds,
  act,
  caption,
});

describe('host Show score (experiences.md §12.7)', () => {
  it('renders the packaged Show as stereo 22 050 Hz 16-bit, exactly as long as its audio asset says, without clipping', () => {
    const wav = readWav(renderShowScoreWav(manifestScoreCues(show)));
    expect(wav).toMatchObject({ channels: 2, sampleRate: SCORE_SAMPLE_RATE, bitsPerSample: 16, format: 1 });
    expect(wav.samples[0]!.length).toBe(Math.round((show.audio.durationMs / 1000) * SCORE_SAMPLE_RATE));
    for (const channel of wav.samples) {
      const peak = channel.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
      expect(peak).toBeGreaterThan(3000);
      expect(peak).toBeLessThan(32_767 * 0.75);
      expect(Math.abs(channel[0]!)).toBeLessThan(50);
      expect(Math.abs(channel.at(-1)!)).toBeLessThan(50);
    }
    // The two channels differ: events are spread across the stereo field.
    expect(wav.samples[0]).not.toEqual(wav.samples[1]);
  });

  it('puts an event on every cue start and a motif on every captioned cue, all inside the timeline', () => {
    const cues = manifestScoreCues(show);
    const notes = showScoreNotes(cues);
    const total = showScoreSeconds(cues);
    expect(total).toBeCloseTo(show.durationMs / 1000, 9);
    for (const c of cues) expect(notes.some((note) => note.voice === 'bell' && note.start === c.startSeconds)).toBe(true);
    const captioned = cues.filter((c) => c.caption !== null);
    for (const c of captioned)
      expect(notes.filter((note) => note.start >= c.startSeconds && note.start < c.startSeconds + 0.2 && note.voice === 'bell').length).toBeGreaterThanOrEqual(
        3,
      );
    for (const note of notes) {
      expect(note.start).toBeGreaterThanOrEqual(0);
      expect(note.start + note.length).toBeLessThanOrEqual(total + 1e-9);
    }
  });

  it('changes chord with the act: one pad per act, starting where the act starts', () => {
    const cues = [cue(0, 1, 'A'), cue(1, 1, 'A'), cue(2, 2, 'B', 'Hello'), cue(4, 1, 'C')];
    const padStarts = [
      ...new Set(
        showScoreNotes(cues)
          .filter((note) => note.voice === 'pad')
          .map((note) => note.start),
      ),
    ];
    expect(padStarts).toEqual([0, 2, 4]);
    const padRoots = (start: number) =>
      showScoreNotes(cues)
        .filter((note) => note.voice === 'pad' && note.start === start)
        .map((note) => note.pitch);
    expect(padRoots(0)).not.toEqual(padRoots(2));
  });

  it('follows the tempo: at 2.0 every cue event comes twice as early and the score lasts half as long', () => {
    const slow = manifestScoreCues(show, 1);
    const fast = manifestScoreCues(show, 2);
    const fastBells = new Set(
      showScoreNotes(fast)
        .filter((note) => note.voice === 'bell')
        .map((note) => note.start),
    );
    fast.forEach((c, i) => {
      expect(c.startSeconds).toBeCloseTo(slow[i]!.startSeconds / 2, 9);
      expect(fastBells.has(c.startSeconds)).toBe(true);
    });
    expect(showScoreSeconds(fast)).toBeCloseTo(show.durationMs / 2000, 9);
  });
});
