import { describe, expect, it } from 'vitest';
import { Canvas } from '../../src/experiences/authoring/canvas.js';
import { buildShowManifest, compileShow, manifestText } from '../../src/experiences/authoring/compile-show.js';
import { OFF, accentShowColor, blend, dim, rgb, stateColor, token } from '../../src/experiences/authoring/show-colors.js';
import { visualSafetyProblems } from '../../src/experiences/authoring/visual-safety.js';

const full = (color = stateColor('running')) => new Canvas().each(() => color).frame();

describe('Show authoring', () => {
  it('tokens take the browser colour; dimming maps to the dim partner or 30 % of an exact RGB', () => {
    expect(token('off')).toBe(OFF);
    expect(dim(stateColor('success'))).toEqual(stateColor('success', false));
    expect(dim(accentShowColor('cyan'))).toEqual(accentShowColor('cyan', false));
    expect(dim(rgb(200, 100, 10, 'accent:orange:selected'))).toEqual({ fallback: 'accent:orange:unselected', rgb: [60, 30, 3] });
    expect(() => token('action:approve:enabled')).toThrow(/not a Show fallback token/);
    expect(() => rgb(0, 0, 0, 'accent:cyan:selected')).toThrow(/OFF/);
  });

  it('a blend never pairs a lit RGB with the off fallback', () => {
    const lit = rgb(200, 100, 0, 'accent:orange:selected');
    expect(blend(OFF, lit, 0.2)).toEqual({ fallback: 'accent:orange:unselected', rgb: [40, 20, 0] });
    expect(blend(OFF, lit, 0.8).fallback).toBe('accent:orange:selected');
    expect(blend(OFF, OFF, 0.5)).toBe(OFF);
  });

  it('the canvas refuses cells outside 8x8 and rails that are not 8 long; unpainted lights are dark', () => {
    expect(() => new Canvas().set(8, 0, OFF)).toThrow(/outside/);
    expect(() => new Canvas().rails([OFF], [])).toThrow(/8 lights/);
    const frame = new Canvas().set(2, 5, stateColor('error')).frame();
    expect(frame.grid[5]![2]).toEqual(stateColor('error'));
    expect(frame.grid[2]![5]).toBe(OFF);
    expect([...frame.top, ...frame.right].every((color) => color === OFF)).toBe(true);
  });

  it('the safety check catches short cues and majority flips, and the compiler refuses such a Show', () => {
    const cues = [
      { act: 'A', seconds: 0.5, frame: full(OFF) },
      { act: 'A', seconds: 0.2, frame: full() },
    ];
    const problems = visualSafetyProblems({ cues: cues.map((cue) => ({ ...cue, act: 0, caption: null, durationMs: cue.seconds * 1000 })) });
    expect(problems).toEqual(['cue 1 lasts 200 ms, less than 220 ms', 'cue 1 switches 64 lights between dark and lit (at most 40)']);
    expect(() => buildShowManifest({ id: 'flash', title: 'Flash', audioAsset: 'a.wav', cues })).toThrow(/visual-safety/);
  });

  it('compiles acts in order of first appearance and rounds durations to milliseconds', () => {
    const document = compileShow({
      id: 'tiny',
      title: 'Tiny',
      audioAsset: 'audio/tiny.wav',
      cues: [
        { act: 'Second - B', seconds: 0.2505, frame: full() },
        { act: 'First - A', seconds: 0.3, caption: 'Hi', frame: full() },
        { act: 'Second - B', seconds: 1 / 3, frame: full() },
      ],
    }) as { acts: string[]; cues: { act: number; duration_ms: number; caption: string | null }[]; duration_ms: number };
    expect(document.acts).toEqual(['Second - B', 'First - A']);
    expect(document.cues.map((cue) => [cue.act, cue.duration_ms, cue.caption])).toEqual([
      [0, 250, null],
      [1, 300, 'Hi'],
      [0, 333, null],
    ]);
    expect(document.duration_ms).toBe(883);
  });

  it('writes compact JSON with non-ASCII escaped and a final newline', () => {
    expect(manifestText({ title: 'Café', n: [1, 2] })).toBe('{"title":"Caf\\u00e9","n":[1,2]}\n');
  });
});
