import type { DaemonRuntime } from './runtime.js';
import type { DaemonLogger } from './logger.js';
import { describeError } from './logger.js';

/** The reference's event-loop wait, in seconds (control-plane.md §1): our step cadence while something moves. */
export const DEFAULT_POLL_INTERVAL = 0.03;

/**
 * The longest the loop sleeps with nothing due: a bound, not a schedule, so
 * that a change no input announced still reaches the pad within a second,
 * at the cost of one wake-up a second.
 */
const MAX_SLEEP_MS = 1000;

/**
 * Drives a runtime from Node's event loop. Socket messages are handled by
 * their I/O callbacks; each iteration runs "surface step, then render step",
 * which keeps the cyclic order of §17.2 — render, sockets, surfaces, render ….
 *
 * An iteration runs right after any input — a socket line, a closed
 * connection, a press on any surface (setImmediate: once the event loop has
 * handled all the I/O that was ready) — and when the runtime says time alone
 * has work for it (a TTL, a terminal hold, the activity motion running out):
 * one timer, armed for that moment, instead of a tick every poll interval. So
 * an idle daemon sleeps, a state change reaches the surfaces and a press its
 * agent without waiting for a tick, and a burst of input read in one turn of
 * the event loop still collapses into at most one render. Only while
 * something moves on every step (a Demo or Show, a held Approve) does the
 * loop step every poll interval, as the reference's does.
 */
export class RuntimeLoop {
  readonly #runtime: DaemonRuntime;
  readonly #intervalMs: number;
  readonly #logger: DaemonLogger;
  #started = false;
  #timer: NodeJS.Timeout | null = null;
  /** performance.now() at which #timer fires. */
  #timerAt = Number.POSITIVE_INFINITY;
  #soon: NodeJS.Immediate | null = null;

  constructor(runtime: DaemonRuntime, logger: DaemonLogger, pollInterval = DEFAULT_POLL_INTERVAL) {
    if (!(pollInterval > 0)) throw new RangeError(`pollInterval must be > 0 seconds, got ${pollInterval}`);
    this.#runtime = runtime;
    this.#intervalMs = pollInterval * 1000;
    this.#logger = logger;
  }

  get running(): boolean {
    return this.#started;
  }

  /** Renders once at once (the first iteration always renders), then sleeps until input or something is due. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#guard('render step', () => this.#runtime.renderStep());
    this.#runtime.onInput(() => this.#iterateSoon());
    this.#arm();
  }

  stop(): void {
    if (!this.#started) return;
    this.#started = false;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#timerAt = Number.POSITIVE_INFINITY;
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
      if (!this.#started) return;
      this.#guard('render step', () => this.#runtime.renderStep());
      this.#arm();
    });
  }

  /**
   * Sets the one timer for what the runtime says is due next. A timer that
   * fires no later stays: firing early only means one iteration with
   * nothing to do, after which the timer is set again.
   */
  #arm(): void {
    const delayMs = this.#delayMs();
    const at = performance.now() + delayMs;
    if (this.#timer !== null) {
      if (this.#timerAt <= at) return;
      clearTimeout(this.#timer);
    }
    this.#timerAt = at;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#timerAt = Number.POSITIVE_INFINITY;
      this.#iterate();
    }, delayMs);
  }

  /** Milliseconds until the next iteration that no input will cause. */
  #delayMs(): number {
    try {
      const due = this.#runtime.secondsUntilDue();
      return due === null ? this.#intervalMs : Math.min(MAX_SLEEP_MS, Math.max(0, Math.ceil(due * 1000)));
    } catch (error) {
      // A bug here must not stop the loop: step at the poll interval, as without a schedule.
      this.#logger.error(`scheduling the next step failed: ${describeError(error)}`);
      return this.#intervalMs;
    }
  }

  #guard(step: string, run: () => void): void {
    try {
      run();
    } catch (error) {
      this.#logger.error(`${step} failed: ${describeError(error)}`);
    }
  }
}
