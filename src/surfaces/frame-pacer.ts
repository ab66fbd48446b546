import type { HubTimers } from './hub-timers.js';

/** The part of the hub's clock a pacer needs. */
export type PacerTimers = Pick<HubTimers, 'now' | 'setTimeout' | 'clearTimeout'>;

export interface FramePacerOptions<T> {
  /**
   * Draws one frame on the device, which sends only what changed since the
   * last frame it drew (its own LED cache). A device with an asynchronous
   * transport (serial, HID) returns a promise: the next frame waits for it.
   */
  readonly draw: (frame: T) => void | Promise<void>;
  readonly timers: PacerTimers;
  /** Least time between the end of one draw and the start of the next; 0 draws every frame as soon as the last one is done. */
  readonly minIntervalMs: number;
  /** A draw threw or its promise failed. The pacer goes on with the next frame; the caller decides whether the device is lost. */
  readonly onFailure?: (error: unknown) => void;
}

/**
 * Flood-safe output for one device, whatever its transport: one draw at a
 * time, at most one per interval, and one frame waiting at most — a newer
 * frame replaces the waiting one (latest wins), so a device slower than the
 * updates always catches up to the newest frame and never works off a
 * backlog, and memory never grows. Because each device diffs against what it
 * last drew, the frames skipped in between cost nothing: per light, the
 * latest value wins. The interval counts from the end of a draw, so a device
 * whose sends block or take long gets proportionally fewer, never older,
 * frames.
 */
export class FramePacer<T> {
  readonly #options: FramePacerOptions<T>;
  #waiting: { readonly frame: T } | null = null;
  #drawing = false;
  #timer: unknown = null;
  #nextAt = Number.NEGATIVE_INFINITY;
  #closed = false;
  /** Frames submitted and frames drawn to the end (the rest were superseded), for diagnostics and tests. */
  offered = 0;
  drawn = 0;

  constructor(options: FramePacerOptions<T>) {
    this.#options = options;
  }

  /** True while no frame waits and none is being drawn. */
  get idle(): boolean {
    return this.#waiting === null && !this.#drawing;
  }

  /** Draws now when the device is due and free, else keeps only this frame for its next turn. */
  submit(frame: T): void {
    if (this.#closed) return;
    this.offered += 1;
    this.#waiting = { frame };
    this.#pump();
  }

  /** Drops the waiting frame and the timer; later submits are ignored, and a draw under way is not reported. */
  close(): void {
    this.#closed = true;
    this.#waiting = null;
    if (this.#timer !== null) this.#options.timers.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #pump(): void {
    if (this.#closed || this.#drawing || this.#timer !== null || this.#waiting === null) return;
    const wait = this.#nextAt - this.#options.timers.now();
    if (wait > 0) {
      this.#timer = this.#options.timers.setTimeout(() => {
        this.#timer = null;
        this.#pump();
      }, wait);
      return;
    }
    const { frame } = this.#waiting;
    this.#waiting = null;
    this.#drawing = true;
    let drawing: void | Promise<void>;
    try {
      drawing = this.#options.draw(frame);
    } catch (error) {
      this.#finish({ error });
      return;
    }
    if (drawing instanceof Promise)
      drawing.then(
        () => this.#finish(null),
        (error: unknown) => this.#finish({ error }),
      );
    else this.#finish(null);
  }

  #finish(failure: { readonly error: unknown } | null): void {
    this.#drawing = false;
    this.#nextAt = this.#options.timers.now() + this.#options.minIntervalMs;
    if (this.#closed) return;
    if (failure === null) this.drawn += 1;
    else this.#options.onFailure?.(failure.error);
    this.#pump();
  }
}
