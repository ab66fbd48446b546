import type { ShowFrame, SurfaceView } from '../../domain/index.js';
import type { ExperienceView } from '../experience-view.js';
import type { EarconName } from '../vocabulary.js';

/** Where an experience draws: every surface at once (the daemon's surface set). */
export interface ExperienceOutput {
  /** A Demo stage, drawn like a live view. */
  render(view: SurfaceView): void;
  /** A Show cue, the full 80-light picture. */
  renderShowFrame(frame: ShowFrame): void;
  /** Lifecycle for surfaces that show it (browsers). */
  setExperience(view: ExperienceView): void;
}

/** One cue of the host Show score, in wall-clock seconds from the end of the lead-in (already divided by the tempo). */
export interface ShowScoreCue {
  readonly startSeconds: number;
  readonly lengthSeconds: number;
  readonly act: string;
  readonly caption: string | null;
}

/** Sound on the host machine (optional; failures never affect playback). */
export interface HostAudio {
  playEarcon(name: EarconName, slot: number | null): void;
  startShowScore(cues: readonly ShowScoreCue[]): void;
  stopShowScore(): void;
}
