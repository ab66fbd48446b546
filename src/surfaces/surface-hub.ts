import { IDENTITY_ACCENTS, MAX_SELECTOR_SLOTS, type ControlSurface, type ShowFrame, type SurfaceEvent, type SurfaceView } from '../domain/index.js';
import type { SurfaceDescriptor } from '../domain/index.js';
import { errorMessage } from '../support/error-message.js';
import { escapeUntrusted } from '../support/untrusted-text.js';
import { DeviceFanOut, type DeviceOperation, type FanOutMember } from './device-fan-out.js';
import type { PacerTimers } from './frame-pacer.js';
import { SYSTEM_HUB_TIMERS } from './hub-timers.js';
import { ProblemMemory } from './notice-board.js';
import type { OpenedSurface, SurfaceCandidate, SurfaceDriver } from '../domain/index.js';
import type { Logger } from '../support/logger.js';

interface OpenDevice extends OpenedSurface, FanOutMember {
  readonly candidate: SurfaceCandidate;
  readonly driver: SurfaceDriver;
}

export interface SurfaceHubOptions {
  readonly drivers: readonly SurfaceDriver[];
  readonly logger: Logger;
  /** Default 2000: a device is noticed within about two seconds. */
  readonly scanIntervalMs?: number;
  /** A device that could not be opened is tried again after this long while it stays plugged in; default 10 s. */
  readonly retryMs?: number;
  readonly timers?: PacerTimers;
}

/**
 * Every serial and HID controller of the daemon as one control surface, the
 * way the MIDI hub holds the MIDI ones (both fan out through DeviceFanOut): it
 * lists devices on a timer, opens what appeared (asynchronously: a grid must
 * answer its size first) and shows it the latest view at once, and drops what
 * vanished or failed — mid-frame too — without an error reaching the daemon;
 * a device that returns is opened and fully repainted again. A device that
 * could not be opened is reported once and tried again when it is replugged,
 * when the surface profiles change, or after `retryMs`; one whose profile
 * changed is opened again with its new profile.
 */
export class SurfaceHub implements ControlSurface {
  readonly surfaceKind = 'composite' as const;
  readonly selectorCapacity = MAX_SELECTOR_SLOTS;
  readonly accentNames: readonly string[] = IDENTITY_ACCENTS;
  readonly visualProtocol = 1;
  readonly #options: SurfaceHubOptions;
  readonly #timers: PacerTimers;
  readonly #open: DeviceFanOut<OpenDevice>;
  /** Devices that could not be opened, and when that was. */
  readonly #refused = new Map<string, number>();
  /** Devices being let go, so they are not opened again before their port is closed. */
  readonly #closing = new Map<string, Promise<void>>();
  readonly #problems = new ProblemMemory();
  readonly #seen = new Set<string>();
  #timer: NodeJS.Timeout | null = null;
  #scanning: Promise<void> | null = null;
  #closeAll: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(options: SurfaceHubOptions) {
    this.#options = options;
    this.#timers = options.timers ?? SYSTEM_HUB_TIMERS;
    this.#open = new DeviceFanOut<OpenDevice>({ timers: this.#timers, onFailure: (device, operation, error) => this.#lose(device, error, operation) });
  }

  get profileId(): string {
    return this.descriptors.map((d) => d.profile).join('+') || 'serial+hid';
  }

  get inputName(): string {
    return this.descriptors.map((d) => d.input).join('; ');
  }

  get outputName(): string {
    return this.descriptors.map((d) => d.output).join('; ');
  }

  get descriptors(): SurfaceDescriptor[] {
    return this.#open.members.map((device) => device.descriptor);
  }

  /** True while no device has a frame waiting or being written. */
  get settled(): boolean {
    return this.#open.settled;
  }

  /** Frames offered to the open devices and frames written in full (the rest were superseded by newer ones). */
  get frameCounts(): { readonly offered: number; readonly drawn: number } {
    return this.#open.frameCounts;
  }

  initialize(): void {
    if (this.#closed || this.#timer !== null) return;
    void this.scanNow();
    this.#timer = setInterval(() => void this.scanNow(), this.#options.scanIntervalMs ?? 2000);
    this.#timer.unref();
  }

  render(view: SurfaceView): void {
    this.#open.render(view);
  }

  renderShowFrame(frame: ShowFrame): void {
    this.#open.renderShowFrame(frame);
  }

  pollEvents(): SurfaceEvent[] {
    return this.#open.pollEvents();
  }

  /** Idempotent: stops scanning and closes every device (released() says when they are let go); never throws. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#closeAll = this.#open.closeAll();
  }

  /**
   * Resolves once every device closed so far is let go — a grid darkened, a
   * deck cleared, their ports closed — so a process can wait for that before
   * it exits. Never rejects.
   */
  async released(): Promise<void> {
    await this.#scanning;
    await Promise.all([this.#closeAll, ...this.#closing.values()]);
  }

  /** One scan of every driver; a scan asked for while one runs shares it. */
  scanNow(): Promise<void> {
    this.#scanning ??= this.#scan().finally(() => (this.#scanning = null));
    return this.#scanning;
  }

  /**
   * The surface profiles changed: a device refused for want of a profile is
   * tried again, and one that would now get another profile is closed and
   * opened again with it (and repainted in full). Resolves after that scan.
   */
  async profilesChanged(): Promise<void> {
    if (this.#closed) return;
    this.#refused.clear();
    for (const device of this.#open.members) {
      if (device.profileCurrent()) continue;
      this.#options.logger.info(`${device.driver.label}: ${escapeUntrusted(device.candidate.description)}: its surface profile changed; opening it again`);
      this.#drop(device);
    }
    await this.#scanning;
    await this.scanNow();
  }

  async #scan(): Promise<void> {
    for (const driver of this.#options.drivers) {
      if (this.#closed) return;
      let candidates: readonly SurfaceCandidate[];
      try {
        candidates = await driver.list();
      } catch (error) {
        if (this.#problems.isNew(`list:${driver.label}`, errorMessage(error))) this.#options.logger.warn(`${driver.label}: ${errorMessage(error)}`);
        continue;
      }
      this.#problems.isNew(`list:${driver.label}`, '');
      const listed = new Set(candidates.map((candidate) => candidate.key));
      for (const key of [...this.#refused.keys()]) if (key.startsWith(`${driver.label}:`) && !listed.has(key)) this.#refused.delete(key);
      for (const device of this.#open.members) {
        if (device.driver !== driver || listed.has(device.key)) continue;
        this.#drop(device);
        this.#options.logger.info(`${driver.label}: ${escapeUntrusted(device.candidate.description)} disconnected`);
      }
      for (const candidate of candidates) {
        if (this.#open.get(candidate.key) === undefined && this.#mayTry(candidate.key)) await this.#start(driver, candidate);
      }
    }
  }

  #mayTry(key: string): boolean {
    const refusedAt = this.#refused.get(key);
    return refusedAt === undefined || this.#timers.now() - refusedAt >= (this.#options.retryMs ?? 10_000);
  }

  async #start(driver: SurfaceDriver, candidate: SurfaceCandidate): Promise<void> {
    let device: OpenDevice | null = null;
    const onLost = (error: unknown) => {
      if (device !== null) this.#lose(device, error);
    };
    const description = escapeUntrusted(candidate.description);
    let opened: OpenedSurface | null = null;
    try {
      await this.#closing.get(candidate.key);
      opened = await driver.open(candidate, onLost);
      if (this.#closed) {
        await opened.surface.close();
        return;
      }
      opened.surface.initialize();
    } catch (error) {
      if (opened !== null) void Promise.resolve(opened.surface.close()).catch(() => {});
      this.#refused.set(candidate.key, this.#timers.now());
      const problem = `could not open ${description}: ${escapeUntrusted(errorMessage(error))}`;
      if (this.#problems.isNew(candidate.key, problem))
        this.#options.logger.warn(`${driver.label}: ${problem}; it is tried again when replugged, when the surface profiles change, or in a few seconds`);
      return;
    }
    this.#refused.delete(candidate.key);
    const returning = this.#seen.has(candidate.key);
    this.#seen.add(candidate.key);
    this.#problems.isNew(candidate.key, 'open'); // a later loss or refusal is news again
    this.#options.logger.info(`${driver.label}: ${description} ${returning ? 'reconnected' : 'connected'} as ${opened.descriptor.profile}`);
    if (opened.notice !== undefined) this.#options.logger.info(`${driver.label}: ${opened.notice}`);
    device = { ...opened, key: candidate.key, device: opened.surface, candidate, driver };
    this.#open.add(device);
  }

  /** A device failed (unplugged, a write or read failed): dropped and reported once; it is repainted when it returns. */
  #lose(device: OpenDevice, error: unknown, operation: DeviceOperation | 'transport' = 'transport'): void {
    if (!this.#drop(device)) return;
    const problem = `lost ${escapeUntrusted(device.candidate.description)} (${operation}: ${escapeUntrusted(errorMessage(error))}); it is repainted when it returns`;
    if (this.#problems.isNew(device.key, problem)) this.#options.logger.warn(`${device.driver.label}: ${problem}`);
  }

  /** Takes a device out and closes it, remembering the close until it is done; false when it was out already. */
  #drop(device: OpenDevice): boolean {
    const closing = this.#open.remove(device);
    if (closing === null) return false;
    const done = closing.finally(() => {
      if (this.#closing.get(device.key) === done) this.#closing.delete(device.key);
    });
    this.#closing.set(device.key, done);
    return true;
  }
}
