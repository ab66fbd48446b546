import { IDENTITY_ACCENTS, MAX_SELECTOR_SLOTS, type ControlSurface, type ShowFrame, type SurfaceEvent, type SurfaceView } from '../../domain/index.js';
import type { SurfaceDescriptor } from '../../daemon/wire/index.js';
import { errorMessage } from '../../support/error-message.js';
import type { HubLogger } from '../hub/midi-device-hub.js';
import { ProblemMemory } from '../hub/notice-board.js';
import type { OpenedSurface, SurfaceCandidate, SurfaceDriver } from './surface-driver.js';

type Paint = { readonly kind: 'view'; readonly view: SurfaceView } | { readonly kind: 'show'; readonly frame: ShowFrame };

interface OpenDevice extends OpenedSurface {
  readonly key: string;
  readonly candidate: SurfaceCandidate;
  readonly driver: SurfaceDriver;
}

export interface SurfaceHubOptions {
  readonly drivers: readonly SurfaceDriver[];
  readonly logger: HubLogger;
  /** Default 2000: a device is noticed within about two seconds. */
  readonly scanIntervalMs?: number;
}

/**
 * Every serial and HID controller of the daemon as one control surface, the
 * way the MIDI hub holds the MIDI ones: it lists devices on a timer, opens
 * what appeared (asynchronously: a grid must answer its size first) and shows
 * it the latest view at once, and drops what vanished or failed — mid-frame
 * too — without an error reaching the daemon; a device that returns is opened
 * and fully repainted again. A device that could not be opened is not tried
 * again until it leaves the listing (is unplugged) and comes back.
 */
export class SurfaceHub implements ControlSurface {
  readonly surfaceKind = 'composite' as const;
  readonly selectorCapacity = MAX_SELECTOR_SLOTS;
  readonly accentNames: readonly string[] = IDENTITY_ACCENTS;
  readonly visualProtocol = 1;
  readonly #options: SurfaceHubOptions;
  readonly #open = new Map<string, OpenDevice>();
  readonly #refused = new Set<string>();
  readonly #problems = new ProblemMemory();
  readonly #seen = new Set<string>();
  #latest: Paint | null = null;
  #timer: NodeJS.Timeout | null = null;
  #scanning: Promise<void> | null = null;
  #closed = false;

  constructor(options: SurfaceHubOptions) {
    this.#options = options;
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
    return [...this.#open.values()].map((device) => device.descriptor);
  }

  /** The open surfaces, in opening order (tests look at them). */
  get surfaces(): readonly ControlSurface[] {
    return [...this.#open.values()].map((device) => device.surface);
  }

  initialize(): void {
    if (this.#closed || this.#timer !== null) return;
    void this.scanNow();
    this.#timer = setInterval(() => void this.scanNow(), this.#options.scanIntervalMs ?? 2000);
    this.#timer.unref();
  }

  render(view: SurfaceView): void {
    this.#latest = { kind: 'view', view };
    for (const device of [...this.#open.values()]) this.#guard(device, 'render', () => device.surface.render(view));
  }

  renderShowFrame(frame: ShowFrame): void {
    this.#latest = { kind: 'show', frame };
    for (const device of [...this.#open.values()]) this.#guard(device, 'render', () => device.surface.renderShowFrame(frame));
  }

  pollEvents(): SurfaceEvent[] {
    const events: SurfaceEvent[] = [];
    for (const device of [...this.#open.values()]) this.#guard(device, 'read', () => events.push(...device.surface.pollEvents()));
    return events;
  }

  /** Idempotent: stops scanning and closes every device; never throws. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer !== null) clearInterval(this.#timer);
    for (const device of [...this.#open.values()].reverse()) this.#drop(device);
  }

  /** One scan of every driver; a scan asked for while one runs shares it. */
  scanNow(): Promise<void> {
    this.#scanning ??= this.#scan().finally(() => (this.#scanning = null));
    return this.#scanning;
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
      for (const key of [...this.#refused]) if (key.startsWith(`${driver.label}:`) && !listed.has(key)) this.#refused.delete(key);
      for (const device of [...this.#open.values()]) {
        if (device.driver !== driver || listed.has(device.key)) continue;
        this.#drop(device);
        this.#options.logger.info(`${driver.label}: ${device.candidate.description} disconnected`);
      }
      for (const candidate of candidates) {
        if (!this.#open.has(candidate.key) && !this.#refused.has(candidate.key)) await this.#start(driver, candidate);
      }
    }
  }

  async #start(driver: SurfaceDriver, candidate: SurfaceCandidate): Promise<void> {
    let device: OpenDevice | null = null;
    const onLost = (error: unknown) => {
      if (device !== null && this.#open.get(candidate.key) === device) this.#lose(device, error);
    };
    try {
      const opened = await driver.open(candidate, onLost);
      device = { ...opened, key: candidate.key, candidate, driver };
      if (this.#closed) {
        this.#closeQuietly(device);
        return;
      }
      device.surface.initialize();
    } catch (error) {
      if (device !== null) this.#closeQuietly(device);
      this.#refused.add(candidate.key);
      this.#options.logger.warn(`${driver.label}: could not open ${candidate.description}: ${errorMessage(error)}; unplug and replug it to try again`);
      return;
    }
    const returning = this.#seen.has(candidate.key);
    this.#seen.add(candidate.key);
    this.#problems.isNew(candidate.key, 'open'); // a later loss is news again
    this.#open.set(candidate.key, device);
    const opened = device;
    this.#options.logger.info(`${driver.label}: ${candidate.description} ${returning ? 'reconnected' : 'connected'} as ${opened.descriptor.profile}`);
    if (opened.notice !== undefined) this.#options.logger.info(`${driver.label}: ${opened.notice}`);
    const latest = this.#latest;
    if (latest !== null) {
      this.#guard(opened, 'render', () => (latest.kind === 'view' ? opened.surface.render(latest.view) : opened.surface.renderShowFrame(latest.frame)));
    }
  }

  /** Runs one device operation; a device that throws is dropped and reported. Never throws. */
  #guard(device: OpenDevice, operation: string, run: () => void): void {
    try {
      run();
    } catch (error) {
      this.#lose(device, error, operation);
    }
  }

  #lose(device: OpenDevice, error: unknown, operation = 'transport'): void {
    this.#drop(device);
    const problem = `lost ${device.candidate.description} (${operation}: ${errorMessage(error)}); it is repainted when it returns`;
    if (this.#problems.isNew(device.key, problem)) this.#options.logger.warn(`${device.driver.label}: ${problem}`);
  }

  #drop(device: OpenDevice): void {
    this.#open.delete(device.key);
    this.#closeQuietly(device);
  }

  #closeQuietly(device: OpenDevice): void {
    try {
      device.surface.close();
    } catch {
      // The device is gone or going; there is nobody to tell.
    }
  }
}
