import type { SurfaceDescriptor } from './control-surface.js';
import type { ShowFrame } from './show-frame.js';
import type { SurfaceEvent } from './surface-event.js';
import type { SurfaceView } from './surface-view.js';

/**
 * A controller as a hub drives it, whatever its transport: a MIDI surface
 * draws at once, a serial or HID one returns a promise that settles when its
 * frame is written. Either sends only what changed since its last frame.
 */
export interface PacedDevice {
  render(view: SurfaceView): void | Promise<void>;
  renderShowFrame(frame: ShowFrame): void | Promise<void>;
  pollEvents(): readonly SurfaceEvent[];
  /** A promise when closing takes a while: the device must be let go before it is opened again. */
  close(): void | Promise<void>;
}

/** A device a driver could open now; the same device keeps its key across scans. */
export interface SurfaceCandidate {
  readonly key: string;
  /** For logs, e.g. "monome grid at /dev/ttyUSB0". */
  readonly description: string;
}

/** A device the hub drives: the device itself, how `status` names it, and its frame cap. */
export interface OpenedSurface {
  readonly surface: PacedDevice & { initialize(): void };
  readonly descriptor: SurfaceDescriptor;
  /** Least time between two frames on this device. */
  readonly frameIntervalMs: number;
  /** One line the hub logs after "connected", e.g. that the profile is not yet checked on hardware. */
  readonly notice?: string;
  /**
   * False once the surface profiles changed so that this device would now be
   * opened with another profile (or none): the hub then opens it again.
   */
  profileCurrent(): boolean;
}

/**
 * One family of non-MIDI controllers (monome grids over serial, Stream Decks
 * over HID) as the surface hub sees it: what is plugged in, and how to open
 * one. `open` reports a later loss — the device was unplugged or its transport
 * failed — through `onLost`, once.
 */
export interface SurfaceDriver<C extends SurfaceCandidate = SurfaceCandidate> {
  /** e.g. "serial" or "HID": the word log lines start with. */
  readonly label: string;
  /** Throws when the transport itself is unavailable (library missing, no udev …). */
  list(): Promise<readonly C[]>;
  open(candidate: C, onLost: (error: unknown) => void): Promise<OpenedSurface>;
}
