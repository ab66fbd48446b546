import type { HubTimers } from '../../src/surfaces/hub-timers.js';

interface Scheduled {
  readonly id: number;
  at: number;
  readonly every: number | null;
  readonly callback: () => void;
}

/**
 * A clock and timers that move only when the test says so: `advance(ms)` runs
 * every timer that falls due on the way, in time order (intervals repeatedly),
 * with `now()` reading each timer's own due time while it runs.
 */
export class ManualTimers implements HubTimers {
  #now = 0;
  #nextId = 1;
  readonly #scheduled = new Map<number, Scheduled>();

  now(): number {
    return this.#now;
  }

  /** Lets a test make the clock jump (e.g. a send that blocks) without running timers. */
  spend(ms: number): void {
    this.#now += ms;
  }

  setTimeout(callback: () => void, ms: number): number {
    return this.#add(callback, ms, null);
  }

  clearTimeout(handle: unknown): void {
    this.#scheduled.delete(handle as number);
  }

  setInterval(callback: () => void, ms: number): number {
    return this.#add(callback, ms, ms);
  }

  clearInterval(handle: unknown): void {
    this.#scheduled.delete(handle as number);
  }

  /** How many timers are waiting. */
  get pending(): number {
    return this.#scheduled.size;
  }

  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const due = [...this.#scheduled.values()].filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (due === undefined) break;
      this.#now = Math.max(this.#now, due.at);
      if (due.every === null) this.#scheduled.delete(due.id);
      else due.at += due.every;
      due.callback();
    }
    this.#now = Math.max(this.#now, end);
  }

  #add(callback: () => void, ms: number, every: number | null): number {
    const id = this.#nextId++;
    this.#scheduled.set(id, { id, at: this.#now + Math.max(0, ms), every: every === null ? null : Math.max(1, every), callback });
    return id;
  }
}
