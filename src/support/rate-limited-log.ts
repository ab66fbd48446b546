/**
 * A warning that can fire in a storm (every refused connection, every failed
 * accept) but reaches the log at most once per interval: the first one at
 * once, later ones with a count of how many were folded into them.
 */
export class RateLimitedLog {
  readonly #write: (message: string) => void;
  readonly #intervalMs: number;
  readonly #now: () => number;
  #lastAt = Number.NEGATIVE_INFINITY;
  #folded = 0;

  constructor(write: (message: string) => void, intervalMs = 10_000, now: () => number = Date.now) {
    this.#write = write;
    this.#intervalMs = intervalMs;
    this.#now = now;
  }

  note(message: string): void {
    const now = this.#now();
    if (now - this.#lastAt < this.#intervalMs) {
      this.#folded++;
      return;
    }
    const folded = this.#folded;
    this.#lastAt = now;
    this.#folded = 0;
    this.#write(folded === 0 ? message : `${message} (and ${folded} more like it since the last such line)`);
  }
}
