import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManifestError, actCaption, captionAt, loadPerformanceManifest, parsePerformanceManifest } from '../../src/experiences/index.js';
import { REFERENCE_ACTS, REFERENCE_CAPTIONS, referenceTimelineDocument } from './helpers/reference-timeline.js';
import { manifestRejection, schemaErrors, type Json } from './helpers/files.js';

/** The loader's error for the reference-timeline Performance changed by `mutate`. */
const rejection = (mutate: (show: Json) => void): ManifestError =>
  manifestRejection(referenceTimelineDocument(), mutate, (show) => parsePerformanceManifest(show, 'show'), 'Performance');

describe('experiences.md §15', () => {
  it('scenario 2: a Performance with the packaged timeline loads: 80 cues, 43.1 s, 8 acts, 18 captions, its audio', () => {
    const show = parsePerformanceManifest(referenceTimelineDocument(), 'constellation');
    expect(show.cues).toHaveLength(80);
    expect(show.durationMs / 1000).toBe(43.1);
    expect(show.acts).toEqual(REFERENCE_ACTS);
    expect(show.cues.flatMap((cue) => (cue.caption === null ? [] : [cue.caption]))).toEqual([...REFERENCE_CAPTIONS.values()]);
    expect(show.audio).toEqual({ asset: 'audio/constellation-v1.wav', mimeType: 'audio/wav', durationMs: 43_100 });
  });

  const cases: [string, (show: Json) => void, RegExp][] = [
    ['dimensions.grid [7, 8]', (s) => (s['dimensions']['grid'] = [7, 8]), /8x8 grid/],
    [
      'a grid index equal to the palette length',
      (s) => (s['cues'][4]['frame']['grid'][2][5] = s['palette'].length),
      /cues\[4\]\.frame\.grid\[2\]\[5\]: .*outside the palette/,
    ],
    ['a cue duration changed alone', (s) => (s['cues'][10]['duration_ms'] += 1), /does not equal the cue timeline/],
    ['audio.duration_ms differing', (s) => (s['audio']['duration_ms'] = 43_000), /must match the performance duration/],
    ['mime_type audio/mpeg', (s) => (s['audio']['mime_type'] = 'audio/mpeg'), /audio\.mime_type/],
    ['asset ../x.wav', (s) => (s['audio']['asset'] = '../x.wav'), /audio\.asset: .*\.\./],
    ['asset /x.wav', (s) => (s['audio']['asset'] = '/x.wav'), /audio\.asset: .*absolute/],
    ['empty cues', (s) => (s['cues'] = []), /cues: must have at least 1 cue/],
    [
      '4097 palette entries',
      (s) => s['palette'].push(...Array.from({ length: 4097 - s['palette'].length }, () => ({ fallback: 'off', rgb: [0, 0, 0] }))),
      /palette: .*4096/,
    ],
    ['duplicate act names', (s) => (s['acts'][3] = s['acts'][1]), /acts\[3\]: .*unique entries/],
    ['cue act 8', (s) => (s['cues'][0]['act'] = 8), /cues\[0\]\.act: .*outside the acts array/],
    ['an RGB channel 256', (s) => (s['palette'][1]['rgb'][2] = 256), /palette\[1\]\.rgb\[2\]/],
    ['an RGB channel true', (s) => (s['palette'][1]['rgb'][0] = true), /palette\[1\]\.rgb\[0\]: must be an integer/],
    ['a row with 7 entries', (s) => s['cues'][2]['frame']['grid'][7].pop(), /cues\[2\]\.frame\.grid\[7\]: must have exactly 8 entries/],
    ['a caption ""', (s) => (s['cues'][5]['caption'] = ''), /cues\[5\]\.caption: must be a non-empty string/],
  ];

  for (const [name, mutate, keyword] of cases) {
    it(`scenario 4: the Performance loader rejects ${name}`, () => {
      expect(rejection(mutate).message).toMatch(keyword);
    });
  }

  it('scenario 5: captions inherit within an act, else the act title after its first " - "', () => {
    const show = parsePerformanceManifest(referenceTimelineDocument());
    const questionCue = show.cues.findIndex((cue) => cue.caption === 'A question');
    expect(show.cues[questionCue + 1]!.caption).toBeNull();
    expect(captionAt(show, questionCue + 1)).toBe('A question');
    const firstOfAct1 = show.cues.findIndex((cue) => cue.act === 1);
    expect(captionAt(show, firstOfAct1)).toBe('An Idea');
    const synthetic = {
      acts: ['X - Y - Z', 'Other'],
      cues: [
        { act: 1, caption: 'Hi' },
        { act: 0, caption: null },
        { act: 0, caption: null },
      ],
    };
    expect(captionAt(synthetic as never, 2)).toBe('Y - Z');
    expect(actCaption('Plain')).toBe('Plain');
  });
});

describe('Performance Manifest 1 loader', () => {
  it('the timeline fixture itself is valid under our published JSON Schema', () => {
    expect(schemaErrors('performance', referenceTimelineDocument())).toBeNull();
  });

  it('resolves each frame through the palette into 80 colours', () => {
    const document: Json = referenceTimelineDocument();
    const show = parsePerformanceManifest(document);
    const cue = show.cues[9]!;
    expect(cue.frame.grid).toHaveLength(8);
    expect(cue.frame.grid.every((row) => row.length === 8)).toBe(true);
    const [x, y] = [9 % 8, 1];
    expect(cue.frame.grid[y]![x]).toEqual(document['palette'][document['cues'][9]['frame']['grid'][y][x]]);
    expect(cue.frame.top).toHaveLength(8);
    expect(cue.frame.right).toHaveLength(8);
  });

  it('normalises the asset path and refuses a whitespace-only title or caption', () => {
    const document: Json = referenceTimelineDocument();
    document['audio']['asset'] = './audio//./score.wav';
    expect(parsePerformanceManifest(document).audio.asset).toBe('audio/score.wav');
    expect(rejection((s) => (s['title'] = ' \t')).location).toBe('show.title');
    expect(rejection((s) => (s['cues'][1]['caption'] = '  ')).location).toBe('show.cues[1].caption');
  });

  it('names a missing key, an unknown key and a wrong kind', () => {
    expect(rejection((s) => delete s['cues'][3]['frame']['right']).message).toBe('show.cues[3].frame.right: is missing');
    expect(rejection((s) => (s['cues'][3]['frame']['left'] = [])).message).toBe('show.cues[3].frame: has unknown key "left"');
    expect(rejection((s) => (s['kind'] = 'demo')).message).toMatch(/^show\.kind: kind must be "performance"/);
    expect(rejection((s) => (s['dimensions']['top'] = 8.5)).message).toMatch(/8x8 grid/);
  });

  it('a file that is missing or not JSON is a ManifestError naming the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pad-manifest-'));
    try {
      const path = join(dir, 'show.json');
      await expect(loadPerformanceManifest(path)).rejects.toThrow(/show\.json: cannot be read/);
      writeFileSync(path, '{"schema_version": 1,');
      await expect(loadPerformanceManifest(path)).rejects.toThrow(ManifestError);
      await expect(loadPerformanceManifest(path)).rejects.toThrow(/is not valid JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
