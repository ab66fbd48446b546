import type { SurfaceCandidate, SurfaceDriver } from '../domain/index.js';
import { errorMessage } from '../support/error-message.js';
import type { HubTimers } from './hub-timers.js';
import { NoticeBoard, ProblemMemory } from './notice-board.js';
import { RescanSchedule } from './rescan-schedule.js';

export interface DriverRunOptions {
  readonly timers: HubTimers;
  /** Quiet time after a device event before listing again. */
  readonly debounceMs: number;
  /** The second look after a change, for devices that appear after their USB event. */
  readonly settleMs: number;
  /** The hub's scan of this driver's devices. */
  readonly scan: (run: DriverRun) => Promise<void>;
}

/** One listing of a driver: the candidates, or why the transport could not list them. */
export type Listing =
  | { readonly candidates: readonly SurfaceCandidate[]; readonly failure: null }
  | { readonly candidates: readonly []; readonly failure: string };

/**
 * The hub's bookkeeping for one driver: when to list its devices (its own
 * interval, soon after a device event, once more after a change), which
 * devices were refused and when they may be tried again, and which of its
 * problems were reported already. The policy is the hub's; this is its memory.
 */
export class DriverRun {
  readonly driver: SurfaceDriver;
  /** The last problem reported per device of this driver. */
  readonly problems = new ProblemMemory();
  readonly #options: DriverRunOptions;
  readonly #notices = new NoticeBoard();
  readonly #rescans: RescanSchedule;
  /** Devices that could not be opened, and when that was. */
  readonly #refused = new Map<string, number>();
  /** The keys of the last listing; a first listing that finds devices is a change too. */
  #listed = '';
  #timer: unknown = null;
  #stopDeviceEvents: (() => void) | null = null;
  #scanning: Promise<void> | null = null;
  #stopped = false;

  constructor(driver: SurfaceDriver, options: DriverRunOptions) {
    this.driver = driver;
    this.#options = options;
    this.#rescans = new RescanSchedule({
      timers: options.timers,
      debounceMs: options.debounceMs,
      settleMs: options.settleMs,
      rescan: () => void this.scanNow(),
    });
  }

  /** The first listing now, then on the driver's interval and after device events. */
  start(): void {
    if (this.#timer !== null || this.#stopped) return;
    void this.scanNow();
    this.#timer = this.#options.timers.setInterval(() => void this.scanNow(), this.driver.scanIntervalMs);
    this.#stopDeviceEvents = this.driver.deviceEvents?.(() => this.#rescans.deviceEvent()) ?? null;
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer !== null) this.#options.timers.clearInterval(this.#timer);
    this.#timer = null;
    this.#stopDeviceEvents?.();
    this.#stopDeviceEvents = null;
    this.#rescans.cancel();
  }

  /** One scan; a scan asked for while one runs shares it. */
  scanNow(): Promise<void> {
    if (this.#stopped) return this.idle();
    this.#scanning ??= this.#options.scan(this).finally(() => (this.#scanning = null));
    return this.#scanning;
  }

  /** Resolves when no scan runs. */
  async idle(): Promise<void> {
    await this.#scanning;
  }

  /**
   * Lists the driver's devices. A listing that changed is looked at again a
   * little later: a device's other ports may still be on their way. Devices
   * that left forget their refusal and their reported problems, so they are
   * tried and reported afresh when they return.
   */
  async list(): Promise<Listing> {
    let candidates: readonly SurfaceCandidate[];
    try {
      candidates = await this.driver.list();
    } catch (error) {
      return { candidates: [], failure: errorMessage(error) };
    }
    const keys = new Set(candidates.map((candidate) => candidate.key));
    const listed = this.driver.listingFingerprint?.() ?? [...keys].sort().join('\u0000');
    if (listed !== this.#listed) this.#rescans.listingChanged();
    this.#listed = listed;
    for (const key of [...this.#refused.keys()]) if (!keys.has(key)) this.#refused.delete(key);
    this.problems.retain(keys);
    return { candidates, failure: null };
  }

  /** The driver's notices that did not hold at the last listing. */
  freshNotices(): string[] {
    return this.#notices.update(this.driver.notices?.() ?? []);
  }

  mayTry(key: string): boolean {
    const refusedAt = this.#refused.get(key);
    return refusedAt === undefined || this.#options.timers.now() - refusedAt >= this.driver.retryMs;
  }

  refused(key: string): void {
    this.#refused.set(key, this.#options.timers.now());
  }

  opened(key: string): void {
    this.#refused.delete(key);
    this.problems.forget(key);
  }

  /** How the hub's refusal message ends: when the device is tried again. */
  get retryText(): string {
    return '; it is tried again when replugged, when the profiles change, or in a few seconds';
  }

  /** The profiles changed: every refused device may be tried at the next scan. */
  forgetRefusals(): void {
    this.#refused.clear();
  }
}
