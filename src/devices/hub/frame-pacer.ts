import type { ShowFrame, SurfaceView } from '../../domain/index.js';
import type { HubTimers } from './hub-timers.js';

/** What a controller is asked to show: a semantic view or a Show frame. */
export type Paint = { readonly kind: 'view'; readonly view: SurfaceView } | { readonly kind: 'show'; readonly frame: ShowFrame };

/** Default cap: 60 frames a second per controller. */
export const DEFAULT_FRAME_INTERVAL_MS = 1000 / 60;

export interface FramePacerOptions {
  /** Draws one paint on the device (its renderer sends only the lights that changed). */
  readonly draw: (paint: Paint) => void;
  readonly timers: HubTimers;
  /** Least time between the end of one drawn frame and the start of the next; 0 draws every paint at once. */
  readonly minIntervalMs: number;
}

/**
 * Flood-safe output for one controller: at most one frame per interval, and
 * at most one frame waiting — a newer paint replaces the waiting one, so the
 * device always catches up to the latest frame and never works off a
 * backlog. Because each frame is diffed against what the device was last
 * sent, the frames skipped in between cost nothing: per LED, the latest value
 * wins. The interval is counted from the end of a draw, so a device whose
 * sends block (a slow port) gets proportionally fewer, never older, frames.
 */
export class FramePacer {
  readonly #options: FramePacerOptions;
  #waiting: Paint | null = null;
  #timer: unknown = null;
  #nextAt = Number.NEGATIVE_INFINITY;
  #closed = false;

  constructor(options: FramePacerOptions) {
    this.#options = options;
  }

  /** True while a paint waits for its turn. */
  get pending(): boolean {
    return this.#waiting !== null;
  }

  /** Draws now when the device is due, else keeps only this paint for the next turn. */
  submit(paint: Paint): void {
    if (this.#closed) return;
    this.#waiting = paint;
    if (this.#timer !== null) return;
    const wait = this.#nextAt - this.#options.timers.now();
    if (wait <= 0) this.#drawWaiting();
    else this.#timer = this.#options.timers.setTimeout(() => this.#onTimer(), wait);
  }

  /** Drops the waiting paint and the timer; later submits are ignored. */
  close(): void {
    this.#closed = true;
    this.#waiting = null;
    if (this.#timer !== null) this.#options.timers.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #onTimer(): void {
    this.#timer = null;
    if (!this.#closed) this.#drawWaiting();
  }

  #drawWaiting(): void {
    const paint = this.#waiting;
    if (paint === null) return;
    this.#waiting = null;
    try {
      this.#options.draw(paint);
    } finally {
      this.#nextAt = this.#options.timers.now() + this.#options.minIntervalMs;
    }
  }
}
