import {
  EIGHT_SCENES,
  geometryProblem,
  type ExperienceView,
  type OpenedSurface,
  type ShowFrame,
  type SurfaceDescriptor,
  type SurfaceDriver,
  type SurfaceEvent,
  type SurfaceGeometry,
  type SurfaceSet,
  type SurfaceView,
} from '../domain/index.js';
import { errorMessage } from '../support/error-message.js';
import type { Logger } from '../support/logger.js';
import { escapeUntrusted } from '../support/untrusted-text.js';
import { compileVisualFrame, VISUAL_PROTOCOL_VERSION } from '../visual-protocol/index.js';
import { DeviceFanOut, type DeviceOperation, type FanOutMember } from './device-fan-out.js';
import { DriverRun } from './driver-run.js';
import { SYSTEM_HUB_TIMERS, type HubTimers } from './hub-timers.js';
import { ProblemMemory } from './notice-board.js';

/** An open surface and where it came from: a driver's device, or one the caller added (browser pad, trace ports). */
export interface HubMember extends OpenedSurface, FanOutMember {
  readonly description: string;
  /** The driver that found it; null for a surface added with `add`. */
  readonly run: DriverRun | null;
}

export interface SurfaceHubOptions {
  readonly logger: Logger;
  /** The one geometry every surface must have; default eight Scenes with the identity accents. */
  readonly geometry?: SurfaceGeometry;
  readonly timers?: HubTimers;
  /** Quiet time after a device event before a driver's devices are listed again; default 150 ms. */
  readonly rescanDebounceMs?: number;
  /** The second look after a change, for devices that appear after their USB event; default 3000 ms. */
  readonly settleRescanMs?: number;
}

/**
 * Every surface of the daemon as one — MIDI grids, monome grids, Stream
 * Decks, the browser pad — with one policy for all of them. Drivers are
 * listed on their own intervals and at once after a device event; a device
 * that appears is opened, initialised and shown the latest frame at once; one
 * that vanishes or whose transport fails (mid-frame too) is dropped without
 * an error reaching the daemon, and opened and fully repainted when it
 * returns. A device that could not be opened is reported once and tried again
 * when replugged, when the profiles change, or after its driver's retry time.
 * Every problem is reported once per cause.
 *
 * A live view is compiled once here and handed to every surface with the
 * view; each surface then draws through its own FramePacer (latest wins, its
 * frame cap). Presses are merged in opening order. All surfaces share one
 * geometry, checked as each one joins.
 */
export class SurfaceHub implements SurfaceSet {
  readonly geometry: SurfaceGeometry;
  readonly #logger: Logger;
  readonly #timers: HubTimers;
  readonly #fanOut: DeviceFanOut<HubMember>;
  readonly #runs: DriverRun[] = [];
  /** Problems of surfaces added by hand, and every cause a driver's listing failed with: each reported once. */
  readonly #reported = new ProblemMemory();
  /** Notices of opened devices, each said once per process. */
  readonly #noticed = new Set<string>();
  /** Devices being let go, so they are not opened again before their port is closed. */
  readonly #closing = new Map<string, Promise<void>>();
  /** Devices seen in this process, by identity: one that returns is "reconnected". */
  readonly #seen = new Set<string>();
  readonly #rescanDebounceMs: number;
  readonly #settleRescanMs: number;
  #inputListener: () => void = () => undefined;
  #started = false;
  #closed = false;
  #closeAll: Promise<void> = Promise.resolve();

  constructor(options: SurfaceHubOptions) {
    this.geometry = options.geometry ?? EIGHT_SCENES;
    this.#logger = options.logger;
    this.#timers = options.timers ?? SYSTEM_HUB_TIMERS;
    this.#rescanDebounceMs = options.rescanDebounceMs ?? 150;
    this.#settleRescanMs = options.settleRescanMs ?? 3000;
    this.#fanOut = new DeviceFanOut<HubMember>({ timers: this.#timers, onFailure: (member, operation, error) => this.#failed(member, operation, error) });
  }

  /**
   * The open surfaces in the order they joined, except that the browser pad
   * comes first: the reference daemon lists it before its controllers, and
   * status readers keep that order, while controllers join first here so
   * their first frame does not wait for the browser pad's start.
   */
  get descriptors(): SurfaceDescriptor[] {
    const descriptors = this.#fanOut.members.map((member) => member.descriptor);
    return [...descriptors.filter((descriptor) => descriptor.kind === 'web'), ...descriptors.filter((descriptor) => descriptor.kind !== 'web')];
  }

  /** True while no surface has a frame waiting or being drawn. */
  get settled(): boolean {
    return this.#fanOut.settled;
  }

  /** Frames offered to the open surfaces and frames drawn in full (the rest were superseded by newer ones). */
  get frameCounts(): { readonly offered: number; readonly drawn: number } {
    return this.#fanOut.frameCounts;
  }

  /**
   * A surface that does not come and go (the browser pad, trace and file
   * ports): initialised and shown the latest frame now. A surface of another
   * geometry, or one that fails to initialise, is closed and the error thrown:
   * the caller asked for it, so the caller must hear why it cannot be.
   */
  add(opened: OpenedSurface, key = `${opened.descriptor.kind}:${opened.descriptor.profile}`): void {
    if (this.#closed) {
      void closeQuietly(opened);
      return;
    }
    const problem = joinProblem(opened, this.geometry);
    try {
      if (problem !== null) throw new RangeError(problem);
      opened.surface.initialize();
    } catch (error) {
      void closeQuietly(opened);
      throw error;
    }
    this.#join({ ...opened, key, device: opened.surface, description: opened.descriptor.profile, run: null });
  }

  /** A family of devices to look for; listed at once when the hub runs already. */
  addDriver(driver: SurfaceDriver): void {
    if (this.#closed) return;
    const run = new DriverRun(driver, {
      timers: this.#timers,
      debounceMs: this.#rescanDebounceMs,
      settleMs: this.#settleRescanMs,
      scan: (which) => this.#scan(which),
    });
    this.#runs.push(run);
    if (this.#started) run.start();
  }

  /** Starts looking for devices (idempotent). */
  initialize(): void {
    if (this.#started || this.#closed) return;
    this.#started = true;
    for (const run of this.#runs) run.start();
  }

  render(view: SurfaceView): void {
    // One compile for every surface: the frame depends only on the view and the shared geometry.
    this.#fanOut.render(view, compileVisualFrame(view, this.geometry.selectorCapacity));
  }

  renderShowFrame(frame: ShowFrame): void {
    this.#fanOut.renderShowFrame(frame);
  }

  /** The Demo/Show lifecycle, to the surfaces that show it; one that throws is reported and skipped. */
  setExperience(view: ExperienceView): void {
    for (const member of this.#fanOut.members) {
      try {
        member.surface.setExperience?.(view);
      } catch (error) {
        this.#logger.error(`${member.description}: experience failed: ${escapeUntrusted(errorMessage(error))}`);
      }
    }
  }

  pollEvents(): SurfaceEvent[] {
    return this.#fanOut.pollEvents();
  }

  onInput(listener: () => void): void {
    this.#inputListener = listener;
  }

  /** A surface joins the fan-out, and its presses wake whoever listens. */
  #join(member: HubMember): void {
    member.surface.onInput?.(() => this.#inputListener());
    this.#fanOut.add(member);
  }

  /** One listing of every driver; a scan asked for while one runs shares it. */
  async scanNow(): Promise<void> {
    for (const run of this.#runs) await run.scanNow();
  }

  /**
   * The profiles changed: a device refused for want of a profile is tried
   * again, and one that would now open with another profile is closed and
   * opened again with it (and repainted in full). Resolves after that scan.
   */
  async profilesChanged(): Promise<void> {
    if (this.#closed) return;
    for (const run of this.#runs) run.forgetRefusals();
    for (const member of this.#fanOut.members) {
      if (member.profileCurrent?.() !== false) continue;
      this.#logger.info(`${member.run?.driver.label}: ${escapeUntrusted(member.description)}: its profile changed; opening it again`);
      this.#drop(member);
    }
    await this.scanNow();
  }

  /** Idempotent: stops looking and closes every surface, the last opened first (released() says when they are let go); never throws. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const run of this.#runs) run.stop();
    this.#closeAll = this.#fanOut.closeAll();
  }

  /** Resolves when no driver's scan runs (the devices plugged in now are open or refused). */
  async idle(): Promise<void> {
    await Promise.all(this.#runs.map((run) => run.idle()));
  }

  /** Resolves once every surface closed so far is let go (controllers cleared, ports closed). Never rejects. */
  async released(): Promise<void> {
    await this.idle();
    await Promise.all([this.#closeAll, ...this.#closing.values()]);
  }

  /** One listing of one driver: drop what vanished, open what appeared (or was refused and may be tried again). */
  async #scan(run: DriverRun): Promise<void> {
    if (this.#closed) return;
    const { driver } = run;
    const listed = await run.list();
    if (listed.failure !== null) {
      // Once per cause for the whole process: a transport that flips between two failures does not fill the log.
      if (this.#reported.isNew(`list:${driver.label}:${listed.failure}`, listed.failure))
        this.#logger.warn(`${driver.label}: ${escapeUntrusted(listed.failure)}`);
      return;
    }
    for (const notice of run.freshNotices()) this.#logger.warn(`${driver.label}: ${notice}`);
    const keys = new Set(listed.candidates.map((candidate) => candidate.key));
    for (const member of this.#fanOut.members) {
      if (member.run !== run || keys.has(member.key)) continue;
      this.#drop(member);
      this.#logger.info(`${driver.label}: ${escapeUntrusted(member.description)} disconnected`);
    }
    for (const candidate of listed.candidates) {
      if (this.#closed) return;
      if (this.#fanOut.get(candidate.key) === undefined && run.mayTry(candidate.key)) await this.#start(run, candidate);
    }
  }

  async #start(run: DriverRun, candidate: Parameters<SurfaceDriver['open']>[0]): Promise<void> {
    const { driver } = run;
    const description = escapeUntrusted(candidate.description);
    let member: HubMember | null = null;
    const onLost = (error: unknown) => {
      if (member !== null) this.#lose(member, 'transport', error);
    };
    let opened: OpenedSurface | null = null;
    try {
      await this.#closing.get(candidate.key);
      opened = await driver.open(candidate, onLost);
      if (this.#closed) return void (await closeQuietly(opened));
      const problem = joinProblem(opened, this.geometry);
      if (problem !== null) throw new RangeError(problem);
      opened.surface.initialize();
    } catch (error) {
      if (opened !== null) void closeQuietly(opened);
      run.refused(candidate.key);
      const problem = `could not open ${description}: ${escapeUntrusted(errorMessage(error))}`;
      if (run.problems.isNew(candidate.key, problem)) this.#logger.warn(`${driver.label}: ${problem}${run.retryText}`);
      return;
    }
    run.opened(candidate.key);
    const identity = candidate.identity ?? candidate.key;
    const returning = this.#seen.has(identity);
    this.#seen.add(identity);
    const as = candidate.profile === undefined ? ` as ${opened.descriptor.profile}` : '';
    this.#logger.info(`${driver.label}: ${description} ${returning ? 'reconnected' : 'connected'}${as}`);
    if (opened.notice !== undefined && !this.#noticed.has(opened.notice)) {
      this.#noticed.add(opened.notice);
      this.#logger.warn(`${driver.label}: ${opened.notice}`);
    }
    member = { ...opened, key: candidate.key, device: opened.surface, description: candidate.description, run };
    this.#join(member);
  }

  /** A draw or read failed: a transport failure drops the surface; any other failure (a bug) is only reported. */
  #failed(member: HubMember, operation: DeviceOperation, error: unknown): void {
    if (member.transportFailed?.() === false) {
      this.#logger.error(`${this.#labelOf(member)}: ${escapeUntrusted(member.description)}: ${operation} failed: ${escapeUntrusted(errorMessage(error))}`);
      return;
    }
    this.#lose(member, operation, error);
  }

  /** Dropped and reported once; a driver's device is repainted when it returns, a surface added by hand is not reopened. */
  #lose(member: HubMember, operation: DeviceOperation | 'transport', error: unknown): void {
    if (!this.#drop(member)) return;
    const after = member.run === null ? 'it is not opened again' : 'it is repainted when it returns';
    const problem = `lost ${escapeUntrusted(member.description)} (${operation}: ${escapeUntrusted(errorMessage(error))}); ${after}`;
    const memory = member.run?.problems ?? this.#reported;
    if (memory.isNew(member.key, problem)) this.#logger.warn(`${this.#labelOf(member)}: ${problem}`);
  }

  #labelOf(member: HubMember): string {
    return member.run?.driver.label ?? member.descriptor.kind;
  }

  /** Takes a surface out and closes it, remembering the close until it is done; false when it was out already. */
  #drop(member: HubMember): boolean {
    const closing = this.#fanOut.remove(member);
    if (closing === null) return false;
    const done = closing.finally(() => {
      if (this.#closing.get(member.key) === done) this.#closing.delete(member.key);
    });
    this.#closing.set(member.key, done);
    return true;
  }
}

/** Why a surface cannot show the same control plane as the hub's others, or null. */
function joinProblem(opened: OpenedSurface, geometry: SurfaceGeometry): string | null {
  const { profile, visualProtocol } = opened.descriptor;
  if (visualProtocol !== VISUAL_PROTOCOL_VERSION)
    return `${profile} speaks Visual Protocol ${visualProtocol}, not ${VISUAL_PROTOCOL_VERSION} (surfaces need one visual protocol)`;
  return geometryProblem(profile, opened.geometry ?? EIGHT_SCENES, geometry);
}

/** Closes a surface that may be gone already: nobody is left to tell about a failure. */
function closeQuietly(opened: OpenedSurface): Promise<void> {
  try {
    return Promise.resolve(opened.surface.close()).catch(() => undefined);
  } catch {
    return Promise.resolve();
  }
}
