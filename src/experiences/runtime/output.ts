import type { ControlSurface, ShowFrame, SurfaceView } from '../../domain/index.js';
import type { ExperienceView } from '../experience-view.js';
import type { EarconName } from '../vocabulary.js';

/** Where an experience draws: every connected surface at once. */
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

/** A surface that also shows the experience lifecycle, as the browser surface does. */
export type ExperienceAwareSurface = ControlSurface & { setExperience(view: ExperienceView): void };

export function showsExperience(surface: ControlSurface): surface is ExperienceAwareSurface {
  return typeof (surface as Partial<ExperienceAwareSurface>).setExperience === 'function';
}

/**
 * Fans an experience out to surfaces. A surface that throws is reported and
 * skipped, so one unplugged device does not stop the picture on the others.
 */
export function surfacesOutput(surfaces: readonly ControlSurface[], onError: (surface: ControlSurface, error: unknown) => void): ExperienceOutput {
  const each = (run: (surface: ControlSurface) => void) => {
    for (const surface of surfaces) {
      try {
        run(surface);
      } catch (error) {
        onError(surface, error);
      }
    }
  };
  return {
    render: (view) => each((surface) => surface.render(view)),
    renderShowFrame: (frame) => each((surface) => surface.renderShowFrame(frame)),
    setExperience: (view) => each((surface) => (showsExperience(surface) ? surface.setExperience(view) : undefined)),
  };
}
