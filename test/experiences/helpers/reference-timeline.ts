/*
 * A Performance Manifest 1 with the published timeline of the reference's
 * packaged Show (experiences.md §11.1: ids, acts and their cue counts, caption
 * positions and texts, 43 100 ms, cue 0 = 800 ms, the cue 6 window around
 * 4.9 s). Only those facts are the reference's; the frames are synthetic, so
 * the timing scenarios (§15) can be checked without the reference's asset.
 */

export const REFERENCE_ACTS = [
  'Prelude - Alone',
  'Act I - An Idea',
  'Act II - The Search',
  'Act III - A Friend',
  'Act IV - The Storm',
  'Act V - The Call',
  'Act VI - Together',
  'Finale - A Constellation',
];

const CUES_PER_ACT = [3, 4, 9, 6, 9, 26, 5, 18];

export const REFERENCE_CAPTIONS: ReadonlyMap<number, string> = new Map([
  [0, 'Alone'],
  [6, 'An idea'],
  [8, 'A question'],
  [10, 'The search'],
  [19, 'A friend'],
  [20, 'A connection'],
  [21, 'Hope'],
  [27, 'The storm'],
  [28, 'Loss'],
  [33, 'Courage'],
  [34, 'A call'],
  [39, 'An answer'],
  [56, 'A community'],
  [59, 'Together, a solution'],
  [60, 'Joy'],
  [64, 'A constellation'],
  [76, 'Pad-Lattice'],
  [78, 'No light alone'],
]);

/** Cue durations: 800 ms first and last, cue 6 spans 4200–5000 ms, one 220 ms and one 2200 ms cue, 43 100 ms in all. */
function durations(): number[] {
  const opening = [800, 700, 700, 700, 700, 600, 800];
  const middle = Array.from({ length: 72 }, (_, i) => (i === 10 ? 220 : i === 40 ? 2200 : i === 60 ? 380 : 500));
  return [...opening, ...middle, 800];
}

const ACCENTS = ['cyan', 'magenta', 'lime', 'orange', 'violet', 'teal', 'rose', 'sky'];

const palette = [
  { fallback: 'off', rgb: [0, 0, 0] },
  ...ACCENTS.map((accent, i) => ({ fallback: `accent:${accent}:selected`, rgb: [30 * i, 200 - 20 * i, 100] })),
];

/** Dark everywhere except one grid light and its rail neighbours; cues 0 and 79 entirely dark. */
function frame(cue: number, last: number) {
  const dark = () => Array.from({ length: 8 }, () => 0);
  const grid = Array.from({ length: 8 }, dark);
  const top = dark();
  const right = dark();
  if (cue !== 0 && cue !== last) {
    const [x, y] = [cue % 8, Math.floor(cue / 8) % 8];
    grid[y]![x] = 1 + (cue % 8);
    top[x] = 1 + (y % 8);
    right[y] = 1 + (x % 8);
  }
  return { grid, top, right };
}

/** A fresh (mutable) document each call. */
export function referenceTimelineDocument(): Record<string, unknown> & { cues: Record<string, unknown>[] } {
  const acts = CUES_PER_ACT.flatMap((count, act) => Array.from({ length: count }, () => act));
  const lengths = durations();
  const cues = acts.map((act, c) => ({
    act,
    duration_ms: lengths[c]!,
    caption: REFERENCE_CAPTIONS.get(c) ?? null,
    frame: frame(c, acts.length - 1),
  }));
  return {
    schema_version: 1,
    kind: 'performance',
    id: 'a-spark-becomes-a-constellation',
    title: 'A Spark Becomes a Constellation',
    dimensions: { grid: [8, 8], top: 8, right: 8 },
    duration_ms: 43_100,
    acts: [...REFERENCE_ACTS],
    palette: structuredClone(palette),
    cues,
    audio: { asset: 'audio/constellation-v1.wav', mime_type: 'audio/wav', duration_ms: 43_100 },
  };
}
