import { captionAt } from '../manifest/caption.js';
import type { PerformanceManifest } from '../manifest/performance-manifest.js';
import type { ShowHeader, ShowCueInfo } from '../experience-view.js';
import { EXPERIENCE_ASSET_DIR } from '../vocabulary.js';
import type { ShowScoreCue } from './output.js';
import { roundHalfEven } from '../round-half-even.js';
import { ShowTimeline } from './show-timeline.js';

/** What one Show tick decided (experiences.md §7.2). */
export type ShowTick =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'ended' }
  | { readonly kind: 'same_cue' }
  | { readonly kind: 'new_cue'; readonly cue: ShowCueInfo; readonly ownCaption: string | null };

/**
 * One playback of a Show, timed from a fixed start instant: elapsed manifest
 * time is always (now − start) × tempo, never a sum of tick deltas, so a late
 * tick skips the cues it missed instead of stretching the timeline.
 */
export class ShowPlayback {
  readonly show: PerformanceManifest;
  readonly header: ShowHeader;
  /** Monotonic seconds at which cue 0 begins (after the lead-in). */
  readonly startsAt: number;
  readonly #timeline: ShowTimeline;
  #cueIndex: number | null = null;

  constructor(show: PerformanceManifest, now: number, tempo: number, leadInSeconds: number) {
    if (!(tempo > 0)) throw new RangeError(`tempo must be > 0, got ${tempo}`);
    if (!(leadInSeconds >= 0)) throw new RangeError(`lead-in must be >= 0 seconds, got ${leadInSeconds}`);
    this.show = show;
    this.startsAt = now + leadInSeconds;
    this.#timeline = new ShowTimeline(show);
    this.header = { title: show.title, durationMs: show.durationMs, tempo, audioAsset: EXPERIENCE_ASSET_DIR + show.audio.asset };
  }

  /** The host score's cue times in wall-clock seconds, scaled by the tempo. */
  scoreCues(): ShowScoreCue[] {
    const tempo = this.header.tempo;
    return this.show.cues.map((cue, index) => ({
      startSeconds: this.#timeline.cueStartMs(index) / 1000 / tempo,
      lengthSeconds: cue.durationMs / 1000 / tempo,
      act: this.show.acts[cue.act]!,
      caption: cue.caption,
    }));
  }

  tick(now: number): ShowTick {
    if (now < this.startsAt) return { kind: 'waiting' };
    const elapsedMs = (now - this.startsAt) * this.header.tempo * 1000;
    if (elapsedMs >= this.show.durationMs) return { kind: 'ended' };
    const index = this.#timeline.cueIndexAt(elapsedMs);
    if (index === this.#cueIndex) return { kind: 'same_cue' };
    this.#cueIndex = index;
    const cue = this.show.cues[index]!;
    return {
      kind: 'new_cue',
      cue: { cueIndex: index, caption: captionAt(this.show, index), act: this.show.acts[cue.act]!, elapsedMs: roundHalfEven(elapsedMs) },
      ownCaption: cue.caption,
    };
  }
}
