import type { ExperienceView } from './experience-view.js';
import type { ShowFrame } from './show-frame.js';
import type { SurfaceEvent } from './surface-event.js';
import type { SurfaceView } from './surface-view.js';

/**
 * The kinds of surface `status` names (wire-protocol-1.md §7.5). `serial` (a
 * monome grid) and `hid` (a Stream Deck) extend the reference's two kinds.
 */
export const SURFACE_KINDS = ['midi', 'web', 'serial', 'hid'] as const;
export type SurfaceKind = (typeof SURFACE_KINDS)[number];

export function isSurfaceKind(value: unknown): value is SurfaceKind {
  return typeof value === 'string' && (SURFACE_KINDS as readonly string[]).includes(value);
}

/** One physical or virtual surface as `status.surfaces` names it. */
export interface SurfaceDescriptor {
  readonly kind: SurfaceKind;
  readonly profile: string;
  readonly visualProtocol: number;
  readonly input: string;
  readonly output: string;
}

/**
 * One physical or virtual control surface as the daemon drives it
 * (midi-rendering.md §1). It lives in the domain so renderers, the browser
 * surface and the composite can implement it without importing the daemon.
 */
export interface ControlSurface {
  /** MIDI: the profile id; browser: "virtual/browser"; composite: member ids joined with "+". */
  readonly profileId: string;
  readonly surfaceKind: SurfaceKind | 'composite';
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
