import type { DaemonRuntime } from './runtime.js';
import type { DaemonLogger } from './logger.js';
import { describeError } from './logger.js';

/** The reference's event-loop wait, in seconds (control-plane.md §1). */
export const DEFAULT_POLL_INTERVAL = 0.03;

/**
 * Drives a runtime from Node's event loop. Socket messages are handled by
 * their I/O callbacks between timer ticks, so running "surface step, then
 * render step" in each tick keeps the cyclic order of §17.2 — render,
 * sockets, surfaces, render … — and every burst of messages between two
 * ticks collapses into at most one render.
 */
export class RuntimeLoop {
  readonly #runtime: DaemonRuntime;
  readonly #intervalMs: number;
  readonly #logger: DaemonLogger;
  #timer: NodeJS.Timeout | null = null;

  constructor(runtime: DaemonRuntime, logger: DaemonLogger, pollInterval = DEFAULT_POLL_INTERVAL) {
    if (!(pollInterval > 0)) throw new RangeError(`pollInterval must be > 0 seconds, got ${pollInterval}`);
    this.#runtime = runtime;
    this.#intervalMs = pollInterval * 1000;
    this.#logger = logger;
  }

  get running(): boolean {
    return this.#timer !== null;
  }

  /** Renders once at once (the first iteration always renders), then ticks every poll interval. */
  start(): void {
    if (this.#timer !== null) return;
    this.#guard('render step', () => this.#runtime.renderStep());
    this.#timer = setInterval(() => {
      this.#guard('surface step', () => this.#runtime.surfaceStep());
      this.#guard('render step', () => this.#runtime.renderStep());
    }, this.#intervalMs);
  }

  stop(): void {
    if (this.#timer === null) return;
    clearInterval(this.#timer);
    this.#timer = null;
  }

  #guard(step: string, run: () => void): void {
    try {
      run();
    } catch (error) {
      this.#logger.error(`${step} failed: ${describeError(error)}`);
    }
  }
}
