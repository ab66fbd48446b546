import { IDLE_EXPERIENCE_VIEW, type ExperienceView } from '../../domain/index.js';
import { showPlayingView, showStartingView, stoppedView, type ShowHeader } from '../../experiences/experience-view.js';
import { captionAt } from '../../experiences/manifest/caption.js';
import type { PerformanceManifest } from '../../experiences/manifest/performance-manifest.js';
import { ShowTimeline } from '../../experiences/runtime/show-timeline.js';
import { EXPERIENCE_ASSET_DIR } from '../../experiences/vocabulary.js';

/** The offline Show waits this long after Start, like the daemon's lead-in (experiences.md §13). */
export const PUBLIC_SHOW_LEAD_IN_MS = 500;
/** How often the page checks the clock while a Show runs. */
export const PUBLIC_SHOW_TIMER_MS = 30;

/**
 * The offline Show's playback, in page milliseconds (tempo is always 1).
 * `elapsedMs` of `playing` is the elapsed time when the current cue began to
 * show, so a tick inside the same cue returns the very same state object.
 */
export type PublicShow =
  | { readonly status: 'idle'; readonly elapsedMs: number; readonly reason: 'complete' | 'stopped' | null }
  | { readonly status: 'starting'; readonly startsAtMs: number; readonly elapsedMs: 0 }
  | { readonly status: 'playing'; readonly startsAtMs: number; readonly elapsedMs: number; readonly cueIndex: number };

export const IDLE_PUBLIC_SHOW: PublicShow = { status: 'idle', elapsedMs: 0, reason: null };

/** A Performance with its cue boundaries worked out once. */
export interface PreparedShow {
  readonly manifest: PerformanceManifest;
  readonly timeline: ShowTimeline;
}

export const prepareShow = (manifest: PerformanceManifest): PreparedShow => ({ manifest, timeline: new ShowTimeline(manifest) });

export function startPublicShow(nowMs: number): PublicShow {
  return { status: 'starting', startsAtMs: nowMs + PUBLIC_SHOW_LEAD_IN_MS, elapsedMs: 0 };
}

/**
 * One timer tick: nothing before the start time; then the cue the elapsed
 * time falls in (right bisection, §7.2); at the duration, idle with the
 * elapsed time parked on the last millisecond.
 */
export function tickPublicShow(show: PreparedShow, playback: PublicShow, nowMs: number): PublicShow {
  if (playback.status === 'idle' || nowMs < playback.startsAtMs) return playback;
  const elapsedMs = nowMs - playback.startsAtMs;
  const durationMs = show.manifest.durationMs;
  if (elapsedMs >= durationMs) return { status: 'idle', elapsedMs: durationMs - 1, reason: 'complete' };
  const cueIndex = show.timeline.cueIndexAt(elapsedMs);
  if (playback.status === 'playing' && playback.cueIndex === cueIndex) return playback;
  return { status: 'playing', startsAtMs: playback.startsAtMs, elapsedMs, cueIndex };
}

export function stopPublicShow(playback: PublicShow): PublicShow {
  return playback.status === 'idle' ? playback : { status: 'idle', elapsedMs: 0, reason: 'stopped' };
}

function header(show: PreparedShow): ShowHeader {
  const { manifest } = show;
  return { title: manifest.title, durationMs: manifest.durationMs, tempo: 1, audioAsset: EXPERIENCE_ASSET_DIR + manifest.audio.asset };
}

/** The lifecycle a live browser would receive for this playback (§8), for captions and the soundtrack. */
export function publicShowView(show: PreparedShow, playback: PublicShow): ExperienceView {
  switch (playback.status) {
    case 'idle':
      return playback.reason === null ? IDLE_EXPERIENCE_VIEW : stoppedView('show', playback.reason);
    case 'starting':
      return showStartingView(header(show), PUBLIC_SHOW_LEAD_IN_MS);
    case 'playing': {
      const { manifest } = show;
      const act = manifest.acts[manifest.cues[playback.cueIndex]!.act]!;
      const cue = { cueIndex: playback.cueIndex, caption: captionAt(manifest, playback.cueIndex), act, elapsedMs: Math.round(playback.elapsedMs) };
      return showPlayingView(header(show), cue);
    }
  }
}
