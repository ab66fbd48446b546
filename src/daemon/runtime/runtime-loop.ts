import type { DaemonRuntime } from './runtime.js';
import type { DaemonLogger } from './logger.js';
import { describeError } from './logger.js';

/** The reference's event-loop wait, in seconds (control-plane.md §1). */
export const DEFAULT_POLL_INTERVAL = 0.03;

/**
 * Drives a runtime from Node's event loop. Socket messages are handled by
 * their I/O callbacks; each iteration runs "surface step, then render step",
 * which keeps the cyclic order of §17.2 — render, sockets, surfaces, render ….
 *
 * An iteration runs right after any input — a socket line, a closed
 * connection, a press on any surface (setImmediate: once the event loop has
 * handled all the I/O that was ready) — and on every poll-interval tick, which
 * remains for what only time changes (terminal holds, TTLs, activity motion).
 * So a state change reaches the surfaces, and a press its agent, without
 * waiting up to a whole tick, and a burst of input read in one turn of the
 * event loop still collapses into at most one render.
 */
export class RuntimeLoop {
  readonly #runtime: DaemonRuntime;
  readonly #intervalMs: number;
  readonly #logger: DaemonLogger;
  #timer: NodeJS.Timeout | null = null;
  #soon: NodeJS.Immediate | null = null;

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
    this.#timer = setInterval(() => this.#iterate(), this.#intervalMs);
    this.#runtime.onInput(() => this.#iterateSoon());
  }

  stop(): void {
    if (this.#timer === null) return;
    clearInterval(this.#timer);
    this.#timer = null;
    if (this.#soon !== null) clearImmediate(this.#soon);
    this.#soon = null;
    this.#runtime.onInput(() => undefined);
  }

  #iterateSoon(): void {
    if (this.#soon !== null) return;
    this.#soon = setImmediate(() => {
      this.#soon = null;
      this.#iterate();
    });
  }

  /**
   * The render step runs from a microtask queued after the surface step, so
   * the replies that step queued (a press's `action` line: connections flush
   * from a microtask) are written first: an agent hears of a press without
   * waiting for the frame to be computed and sent. Still one turn of the
   * event loop, and still surface step, then render step.
   */
  #iterate(): void {
    this.#guard('surface step', () => this.#runtime.surfaceStep());
    queueMicrotask(() => {
      // Stopped in between (shutdown): the surfaces may be closing.
      if (this.#timer !== null) this.#guard('render step', () => this.#runtime.renderStep());
    });
  }

  #guard(step: string, run: () => void): void {
    try {
      run();
    } catch (error) {
      this.#logger.error(`${step} failed: ${describeError(error)}`);
    }
  }
}
