import { IDENTITY_ACCENTS, MAX_SELECTOR_SLOTS } from './accent.js';
import type { SurfaceDescriptor } from './surface-kind.js';
import type { ExperienceView } from './experience-view.js';
import type { ShowFrame } from './show-frame.js';
import type { SurfaceEvent } from './surface-event.js';
import type { SurfaceView } from './surface-view.js';
import type { VisualFrame } from './visual-frame.js';

/*
 * The contracts between the one surface hub (src/surfaces) and what it
 * drives: every surface — a MIDI grid, a monome grid, a Stream Deck, the
 * browser pad — is a `Surface`; a device family that comes and goes is a
 * `SurfaceDriver`; the daemon and the experiences draw through a `SurfaceSet`.
 * They live in the domain so drivers implement them without importing the hub.
 */

/**
 * One surface as the hub drives it. A device that draws at once returns
 * nothing; one whose writes take a while (serial, HID) returns a promise that
 * settles when its frame is written. Either sends only what changed since its
 * last frame.
 */
export interface Surface {
  /** Sends what the device needs before its first frame (startup commands, brightness …). */
  initialize(): void;
  /**
   * A live view. `frame` is the view compiled once for every surface of the
   * hub; a surface drawn on its own (tests, the `render` command) compiles it.
   */
  render(view: SurfaceView, frame?: VisualFrame): void | Promise<void>;
  renderShowFrame(frame: ShowFrame): void | Promise<void>;
  /** The Demo/Show lifecycle, for surfaces that show it (the browser pad). */
  setExperience?(view: ExperienceView): void;
  /** Presses since the last poll, oldest first. */
  pollEvents(): readonly SurfaceEvent[];
  /**
   * Where to say that a press has arrived, so the daemon reads it at once
   * instead of at its next tick. The hub calls this once, as the surface joins;
   * a surface without it is read on the tick.
   */
  onInput?(wake: () => void): void;
  /** Idempotent, tolerates never having been initialised; a promise when letting go takes a while. */
  close(): void | Promise<void>;
}

/** How many Agent Scenes a surface has and which identity accents it shows, in order. */
export interface SurfaceGeometry {
  readonly selectorCapacity: number;
  readonly accentNames: readonly string[];
}

/** Every surface the daemon drives by default: eight Agent Scenes with the identity accents in Visual Protocol order. */
export const EIGHT_SCENES: SurfaceGeometry = Object.freeze({ selectorCapacity: MAX_SELECTOR_SLOTS, accentNames: IDENTITY_ACCENTS });

/**
 * Why a surface of geometry `actual` (named `who`) cannot show the same
 * control plane as the others, or null when it can. The one geometry check:
 * the hub runs it on every surface it opens, and a driver may run it early to
 * explain why it does not even try.
 */
export function geometryProblem(who: string, actual: SurfaceGeometry, expected: SurfaceGeometry): string | null {
  if (actual.selectorCapacity !== expected.selectorCapacity) {
    return `${who} has ${actual.selectorCapacity} selector slots, but the daemon drives ${expected.selectorCapacity} (surfaces need equal selector capacity)`;
  }
  if (actual.accentNames.join(',') !== expected.accentNames.join(',')) {
    return `${who} orders its accents ${actual.accentNames.join(', ')}, but the daemon needs ${expected.accentNames.join(', ')} (surfaces need the same accent order)`;
  }
  return null;
}

/** A surface ready for the hub: the surface itself, how `status` names it, and how the hub paces it. */
export interface OpenedSurface {
  readonly surface: Surface;
  readonly descriptor: SurfaceDescriptor;
  /** Default EIGHT_SCENES. */
  readonly geometry?: SurfaceGeometry;
  /** Least time between two frames on this surface; 0 draws every frame at once. */
  readonly frameIntervalMs: number;
  /** One line the hub logs, once per process, after "connected" (e.g. that the profile is not yet checked on hardware). */
  readonly notice?: string;
  /** False once the profiles changed so that this device would now open with another profile (or none): the hub opens it again. */
  profileCurrent?(): boolean;
  /**
   * True once the device's transport failed (it vanished, its port broke):
   * the hub then drops it. A draw that fails while this is false is a bug and
   * is only reported. Absent: every failure drops the device.
   */
  transportFailed?(): boolean;
}

/** A device a driver could open now; the same device keeps its key across scans. */
export interface SurfaceCandidate {
  readonly key: string;
  /**
   * The same device across replugs where its key changes (a MIDI port's ALSA
   * client number): the hub greets it as reconnected. Default: the key.
   */
  readonly identity?: string;
  /** For logs, e.g. "monome grid at /dev/ttyUSB0". */
  readonly description: string;
  /** The profile, where it is known before opening; otherwise the log names the one it opened with. */
  readonly profile?: string;
}

/** Tells a driver's subscriber that devices came or went; returns how to stop listening. */
export type DeviceEventSource = (onEvent: () => void) => () => void;

/**
 * One family of controllers as the hub sees it: what is plugged in, and how
 * to open one. `open` reports a later loss — the device was unplugged or its
 * transport failed — through `onLost`, once.
 */
export interface SurfaceDriver<C extends SurfaceCandidate = SurfaceCandidate> {
  /** e.g. "MIDI", "serial" or "HID": the word its log lines start with. */
  readonly label: string;
  /** How often the hub lists this driver's devices when no device event comes. */
  readonly scanIntervalMs: number;
  /** How long a device that could not be opened waits before it is tried again while it stays listed. */
  readonly retryMs: number;
  /** Wakes the hub when hardware comes or goes, where the system tells (default: the scan alone). */
  readonly deviceEvents?: DeviceEventSource;
  /** Throws when the transport itself is unavailable (library missing, no MIDI …); the hub reports that once per cause. */
  list(): Promise<readonly C[]>;
  /**
   * Everything the last listing saw, candidates or not (a MIDI input whose
   * output has not registered yet), so the hub notices a change and looks
   * again a little later. Default: the candidates' keys.
   */
  listingFingerprint?(): string;
  /** Why listed devices are not offered (ambiguous matches …), as stable texts: the hub reports each once while it holds. */
  notices?(): readonly string[];
  open(candidate: C, onLost: (error: unknown) => void): Promise<OpenedSurface>;
}

/**
 * What the daemon (and the Demo and Show it plays) draw through: every
 * surface as one, with one geometry. src/surfaces' SurfaceHub is the one
 * implementation beyond tests.
 */
export interface SurfaceSet {
  readonly geometry: SurfaceGeometry;
  /** One `status.surfaces` entry per open surface, in opening order. */
  readonly descriptors: readonly SurfaceDescriptor[];
  /** Starts driving: opens what is plugged in and keeps looking. */
  initialize(): void;
  render(view: SurfaceView): void;
  renderShowFrame(frame: ShowFrame): void;
  setExperience(view: ExperienceView): void;
  /** Every surface's pending presses, in opening order. */
  pollEvents(): readonly SurfaceEvent[];
  /** `listener` runs whenever a surface says a press arrived (the daemon's loop then reads it at once). */
  onInput(listener: () => void): void;
  /** Idempotent; never throws. */
  close(): void;
}
