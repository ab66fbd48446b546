import { FAILED_ATTEMPT_LIMIT, FAILED_ATTEMPT_WINDOW } from '../limits.js';

/**
 * Failed remote credential attempts per peer IP (§6.5). A peer is limited while
 * 5 of its failures are younger than 60 s. Peers whose failures have all aged
 * out are forgotten, so many source addresses cannot grow the map forever
 * (the reference never prunes it).
 */
export class FailureHistory {
  readonly #failures = new Map<string, number[]>();

  isLimited(ip: string, now: number): boolean {
    const recent = this.#recent(ip, now);
    return recent.length >= FAILED_ATTEMPT_LIMIT;
  }

  record(ip: string, now: number): void {
    this.#evictExpired(now);
    const recent = this.#recent(ip, now);
    recent.push(now);
    this.#failures.set(ip, recent);
  }

  clear(ip: string): void {
    this.#failures.delete(ip);
  }

  #recent(ip: string, now: number): number[] {
    const kept = (this.#failures.get(ip) ?? []).filter((time) => now - time < FAILED_ATTEMPT_WINDOW);
    if (kept.length === 0) this.#failures.delete(ip);
    else this.#failures.set(ip, kept);
    return kept;
  }

  #evictExpired(now: number): void {
    for (const [ip, times] of this.#failures) {
      if (times.every((time) => now - time >= FAILED_ATTEMPT_WINDOW)) this.#failures.delete(ip);
    }
  }
}
