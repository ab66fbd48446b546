import type { ExperienceView } from './experience-view.js';
import type { ShowFrame } from './show-frame.js';
import type { SurfaceEvent } from './surface-event.js';
import type { SurfaceView } from './surface-view.js';

/** `serial` (a monome grid) and `hid` (a Stream Deck) are the non-MIDI controllers. */
export type SurfaceKind = 'midi' | 'web' | 'serial' | 'hid' | 'composite';

/**
 * One physical or virtual control surface as the daemon drives it
 * (midi-rendering.md §1). It lives in the domain so renderers, the browser
 * surface and the composite can implement it without importing the daemon.
 */
export interface ControlSurface {
  /** MIDI: the profile id; browser: "virtual/browser"; composite: member ids joined with "+". */
  readonly profileId: string;
  readonly surfaceKind: SurfaceKind;
  readonly inputName: string;
  readonly outputName: string;
  readonly selectorCapacity: number;
  readonly accentNames: readonly string[];
  readonly visualProtocol: number;
  initialize(): void;
  render(view: SurfaceView): void;
  renderShowFrame(frame: ShowFrame): void;
  /** The Demo/Show lifecycle (experiences.md §8); only surfaces that show it (the browser) implement it. */
  setExperience?(view: ExperienceView): void;
  /** Events since the last poll, oldest first. */
  pollEvents(): readonly SurfaceEvent[];
  /** Idempotent; must tolerate never having been initialised. */
  close(): void;
}
