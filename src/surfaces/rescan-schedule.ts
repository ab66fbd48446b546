import type { HubTimers } from './hub-timers.js';

export interface RescanScheduleOptions {
  readonly timers: HubTimers;
  readonly debounceMs: number;
  readonly settleMs: number;
  readonly rescan: () => void;
}

/**
 * When to look at the ports again after hardware changed. A device event
 * (plugged, unplugged) is followed by a rescan once the burst of events has
 * been quiet for `debounceMs`, and by a second one `settleMs` after the last
 * event, because a device's MIDI ports often register a moment after its USB
 * event. A rescan that finds the listing changed asks for that second look too.
 */
export class RescanSchedule {
  readonly #options: RescanScheduleOptions;
  #debounce: unknown = null;
  #settle: unknown = null;

  constructor(options: RescanScheduleOptions) {
    this.#options = options;
  }

  deviceEvent(): void {
    this.#debounce = this.#restart(this.#debounce, this.#options.debounceMs, () => (this.#debounce = null));
    this.listingChanged();
  }

  listingChanged(): void {
    this.#settle = this.#restart(this.#settle, this.#options.settleMs, () => (this.#settle = null));
  }

  cancel(): void {
    const { timers } = this.#options;
    if (this.#debounce !== null) timers.clearTimeout(this.#debounce);
    if (this.#settle !== null) timers.clearTimeout(this.#settle);
    this.#debounce = null;
    this.#settle = null;
  }

  #restart(handle: unknown, ms: number, done: () => void): unknown {
    const { timers, rescan } = this.#options;
    if (handle !== null) timers.clearTimeout(handle);
    return timers.setTimeout(() => {
      done();
      rescan();
    }, ms);
  }
}
