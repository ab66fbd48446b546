import type { PerformanceManifest } from '../manifest/performance-manifest.js';

/**
 * Where each cue of a Show begins, in integer manifest milliseconds
 * (experiences.md §7.2). Boundaries are summed as integers, not as float
 * seconds, so an elapsed time exactly on a boundary always belongs to the
 * next cue (the spec's recommended fix for the reference's rounding quirk).
 */
export class ShowTimeline {
  /** End of cue i for i = 0..n-2 (the last cue's end is the duration). */
  readonly #boundaries: readonly number[];

  constructor(show: Pick<PerformanceManifest, 'cues'>) {
    const ends: number[] = [];
    let sum = 0;
    for (const cue of show.cues.slice(0, -1)) {
      sum += cue.durationMs;
      ends.push(sum);
    }
    this.#boundaries = ends;
  }

  /** The number of boundaries at or before `elapsedMs` (right bisection): the current cue. */
  cueIndexAt(elapsedMs: number): number {
    let low = 0;
    let high = this.#boundaries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#boundaries[middle]! <= elapsedMs) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** When cue `index` begins, in manifest milliseconds. */
  cueStartMs(index: number): number {
    return index === 0 ? 0 : this.#boundaries[index - 1]!;
  }
}
