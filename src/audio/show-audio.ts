import type { ShowScoreCue } from '../experiences/runtime/output.js';
import type { PerformanceManifest } from '../experiences/manifest/performance-manifest.js';
import { ShowPlayback } from '../experiences/runtime/show-playback.js';
import { mixToPcm16, type Pcm16 } from './pcm.js';
import { showScoreNotes, showScoreSeconds } from './show-score.js';
import { renderNotes } from './synth.js';
import { encodeWav } from './wav.js';

/** The score is stereo at 22 050 Hz, like the reference's precompiled soundtrack (experiences.md §11.1). */
export const SCORE_SAMPLE_RATE = 22_050;

/** The score sits a little lower than the earcons: it plays for half a minute under everything else. */
const SCORE_CEILING = 0.7;

/** The Show score for a cue timeline as stereo 16-bit samples, exactly as long as the timeline. */
export function renderShowScorePcm(cues: readonly ShowScoreCue[]): Pcm16 {
  return mixToPcm16(renderNotes(showScoreNotes(cues), SCORE_SAMPLE_RATE, 2, showScoreSeconds(cues)), SCORE_CEILING);
}

/** The same score as a WAV file, for players that read files. */
export function renderShowScoreWav(cues: readonly ShowScoreCue[]): Uint8Array {
  return encodeWav(renderShowScorePcm(cues));
}

/**
 * A manifest's cue timeline as playback hands it to the host score, in
 * wall-clock seconds at `tempo`; at tempo 1 it is also what the browser
 * soundtrack is rendered from.
 */
export function manifestScoreCues(show: PerformanceManifest, tempo = 1): ShowScoreCue[] {
  return new ShowPlayback(show, 0, tempo, 0).scoreCues();
}
