/** Timers a pump waits with; tests pass their own. */
export interface PumpTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const SYSTEM_TIMERS: PumpTimers = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface LatestWinsPumpOptions<T> {
  /** Sends one frame; `previous` is the last frame that was sent (null at first), so it can send only what changed. */
  readonly send: (frame: T, previous: T | null) => Promise<void>;
  /** Least time between the starts of two sends: the frame-rate cap. */
  readonly minIntervalMs: number;
  /** A send failed; the pump stops for good. */
  readonly onFailure: (error: unknown) => void;
  readonly timers?: PumpTimers;
}

/**
 * Moves frames to a device that is slower than the updates: one send at a
 * time, at most one per `minIntervalMs`, and only the newest frame waits —
 * every older one is dropped. So a burst of renders becomes at most one more
 * send, memory never grows, and the device always ends on the latest frame.
 */
export class LatestWinsPump<T> {
  readonly #options: LatestWinsPumpOptions<T>;
  readonly #timers: PumpTimers;
  #waiting: T | null = null;
  #sent: T | null = null;
  #sending = false;
  #timer: unknown = null;
  #lastStart = Number.NEGATIVE_INFINITY;
  #stopped = false;
  /** Frames offered and frames sent, for diagnostics and tests. */
  offered = 0;
  sent = 0;

  constructor(options: LatestWinsPumpOptions<T>) {
    this.#options = options;
    this.#timers = options.timers ?? SYSTEM_TIMERS;
  }

  /** The last frame that reached the device. */
  get lastSent(): T | null {
    return this.#sent;
  }

  /** True while nothing waits and nothing is being sent. */
  get idle(): boolean {
    return this.#waiting === null && !this.#sending;
  }

  offer(frame: T): void {
    if (this.#stopped) return;
    this.offered += 1;
    this.#waiting = frame;
    this.#pump();
  }

  /** Forgets what was sent, so the next frame is sent whole (a device that was reset). */
  forgetSent(): void {
    this.#sent = null;
  }

  stop(): void {
    this.#stopped = true;
    this.#waiting = null;
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #pump(): void {
    if (this.#stopped || this.#sending || this.#timer !== null || this.#waiting === null) return;
    const wait = this.#lastStart + this.#options.minIntervalMs - this.#timers.now();
    if (wait > 0) {
      this.#timer = this.#timers.setTimeout(() => {
        this.#timer = null;
        this.#pump();
      }, wait);
      return;
    }
    const frame = this.#waiting;
    this.#waiting = null;
    this.#sending = true;
    this.#lastStart = this.#timers.now();
    this.#options.send(frame, this.#sent).then(
      () => {
        this.#sending = false;
        this.#sent = frame;
        this.sent += 1;
        this.#pump();
      },
      (error: unknown) => {
        this.#sending = false;
        if (this.#stopped) return;
        this.stop();
        this.#options.onFailure(error);
      },
    );
  }
}
