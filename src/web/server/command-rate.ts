import { COMMAND_RATE_LIMIT, COMMAND_RATE_WINDOW } from '../limits.js';

/** §6.6 step 1: at most 20 frames per connection in any sliding second, malformed ones included. */
export class CommandRate {
  #times: number[] = [];

  /** Records `now` and returns true, or returns false (recording nothing) when the window is full. */
  allow(now: number): boolean {
    this.#times = this.#times.filter((time) => now - time < COMMAND_RATE_WINDOW);
    if (this.#times.length >= COMMAND_RATE_LIMIT) return false;
    this.#times.push(now);
    return true;
  }
}
