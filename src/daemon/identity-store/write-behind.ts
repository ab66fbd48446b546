/** Decides when a store's write runs; the store decides what it writes. */
export interface WriteScheduler {
  /**
   * Something changed: `write` (which never throws) must run, now or later; a
   * later request replaces an earlier one. `inBackground` true: the file may
   * be finished on a later turn (the fsync kept off the event loop); false:
   * it must be on disk when `write` returns (shutdown, tools).
   */
  request(write: (inBackground: boolean) => void): void;
}

/** Writes at once, on the caller's turn: for tests and tools that read the file right after a change. */
export const WRITE_AT_ONCE: WriteScheduler = Object.freeze({ request: (write: (inBackground: boolean) => void) => write(false) });

/** The one timer a write-behind needs; tests inject a manual one. */
export interface WriteTimer {
  /** Runs `callback` once after `delayMs`; must not keep the process alive by itself. */
  start(callback: () => void, delayMs: number): void;
  cancel(): void;
}

/** Seconds between two writes of the accent store in a running daemon: what a crash can lose. */
export const DEFAULT_WRITE_INTERVAL = 1;

/** A real timer that never holds the process open: shutdown flushes, it does not wait for the timer. */
export function nodeWriteTimer(): WriteTimer {
  let handle: NodeJS.Timeout | null = null;
  return {
    start(callback, delayMs) {
      if (handle !== null) clearTimeout(handle);
      handle = setTimeout(() => {
        handle = null;
        callback();
      }, delayMs);
      handle.unref();
    },
    cancel() {
      if (handle !== null) clearTimeout(handle);
      handle = null;
    },
  };
}

export interface WriteBehindOptions {
  /** Seconds from the first change to its write; default DEFAULT_WRITE_INTERVAL. */
  readonly intervalSeconds?: number;
  readonly timer?: WriteTimer;
}

/**
 * Coalesces writes: the first change after a write starts one timer, every
 * change until it fires is folded into that single write, and the write
 * always takes the newest state. So a store changing on every message is
 * written at most once per interval, never on a message's own turn, and a
 * crash loses at most the changes of the last interval. `flush` writes what
 * is pending at once and synchronously (shutdown).
 */
export class WriteBehind implements WriteScheduler {
  readonly #intervalMs: number;
  readonly #timer: WriteTimer;
  #pending: ((inBackground: boolean) => void) | null = null;

  constructor(options: WriteBehindOptions = {}) {
    const seconds = options.intervalSeconds ?? DEFAULT_WRITE_INTERVAL;
    if (!(seconds > 0)) throw new RangeError(`write interval must be > 0 seconds, got ${seconds}`);
    this.#intervalMs = seconds * 1000;
    this.#timer = options.timer ?? nodeWriteTimer();
  }

  /** True while a change waits for its write. */
  get pending(): boolean {
    return this.#pending !== null;
  }

  request(write: (inBackground: boolean) => void): void {
    const idle = this.#pending === null;
    this.#pending = write;
    // The interval's write finishes in the background: a synchronous fsync here stalled every message behind it.
    if (idle) this.#timer.start(() => this.#writePending(true), this.#intervalMs);
  }

  /** Writes the pending change now; nothing when there is none. */
  flush(): void {
    if (this.#pending === null) return;
    this.#timer.cancel();
    this.#writePending(false);
  }

  #writePending(inBackground: boolean): void {
    const write = this.#pending;
    this.#pending = null;
    write?.(inBackground);
  }
}
