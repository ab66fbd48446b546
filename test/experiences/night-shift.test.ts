import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildShowManifest, compileShow } from '../../src/experiences/authoring/compile-show.js';
import { darkLitFlips, visualSafetyProblems } from '../../src/experiences/authoring/visual-safety.js';
import { loadPerformanceManifest, type PerformanceManifest } from '../../src/experiences/index.js';
import { NIGHT_SHIFT } from '../../src/experiences/shows/night-shift.js';
import { SHOW_FALLBACK_TOKENS } from '../../src/experiences/vocabulary.js';
import { SHOW_PATH, schemaErrors } from './helpers/files.js';

const lightsOf = (show: PerformanceManifest) => show.cues.flatMap((cue) => [...cue.frame.grid.flat(), ...cue.frame.top, ...cue.frame.right]);

describe('experiences.md §15', () => {
  it('scenario 6: our shipped Show keeps the safety rules: ≥ 220 ms cues, ≤ 40 flips, the 27 fallbacks, > 80 RGB values', async () => {
    const show = await loadPerformanceManifest(SHOW_PATH);
    expect(Math.min(...show.cues.map((cue) => cue.durationMs))).toBeGreaterThanOrEqual(220);
    const flips = show.cues.slice(1).map((cue, i) => darkLitFlips(show.cues[i]!.frame, cue.frame));
    expect(Math.max(...flips)).toBeLessThanOrEqual(40);
    const lights = lightsOf(show);
    for (const fallback of new Set(lights.map((color) => color.fallback))) expect(SHOW_FALLBACK_TOKENS).toContain(fallback);
    expect(new Set(lights.map((color) => color.rgb.join(','))).size).toBeGreaterThan(80);
    expect(visualSafetyProblems(show)).toEqual([]);
  });
});

describe('our Show, The Night Shift', () => {
  const { text, manifest } = buildShowManifest(NIGHT_SHIFT);

  it('the committed manifest is exactly a fresh compile (UPDATE_SHOW=1 rewrites it)', () => {
    if (process.env['UPDATE_SHOW'] === '1') writeFileSync(SHOW_PATH, text);
    expect(readFileSync(SHOW_PATH, 'utf8')).toBe(text);
  });

  it('is valid under our published JSON Schema', () => {
    expect(schemaErrors('performance', compileShow(NIGHT_SHIFT))).toBeNull();
  });

  it('tells its story in seven acts, starting and ending dark', () => {
    expect(manifest.title).toBe('The Night Shift');
    expect(manifest.acts).toEqual([
      'Prologue - Midnight',
      'Act I - Three Helpers',
      'Act II - Side by Side',
      'Act III - May I?',
      'Act IV - A Crack',
      'Act V - First Light',
      'Epilogue - Morning',
    ]);
    const dark = (index: number) => lightsOf({ ...manifest, cues: [manifest.cues.at(index)!] }).every((color) => color.fallback === 'off');
    expect(dark(0)).toBe(true);
    expect(dark(-1)).toBe(true);
    expect(manifest.cues[0]!.caption).toBe('Midnight');
    expect(manifest.durationMs).toBe(manifest.cues.reduce((sum, cue) => sum + cue.durationMs, 0));
  });

  it('asks for approval in amber and answers in green, breaks in red and retries in blue', () => {
    const fallbacksOf = (act: string) => {
      const index = manifest.acts.indexOf(act);
      return new Set(manifest.cues.filter((cue) => cue.act === index).flatMap((cue) => [...cue.frame.grid.flat()].map((c) => c.fallback)));
    };
    expect([...fallbacksOf('Act III - May I?')]).toEqual(expect.arrayContaining(['state:waiting_for_approval:primary', 'state:success:primary']));
    expect([...fallbacksOf('Act IV - A Crack')]).toEqual(expect.arrayContaining(['state:error:primary', 'state:running:primary']));
  });

  it('the compiler sorts the palette by fallback, then RGB, without duplicates', () => {
    const palette = compileShow(NIGHT_SHIFT)['palette'] as { fallback: string; rgb: number[] }[];
    const keys = palette.map((color) => `${color.fallback} ${color.rgb.map((c) => String(c).padStart(3, '0')).join(' ')}`);
    expect(keys).toEqual([...keys].sort());
    expect(new Set(keys).size).toBe(keys.length);
    expect(palette.filter((color) => color.fallback === 'off')).toEqual([{ fallback: 'off', rgb: [0, 0, 0] }]);
  });
});
