import type { ControlSurface, ShowFrame, SurfaceEvent, SurfaceView } from '../../domain/index.js';
import type { MidiBackend } from '../../midi/midi-port.js';
import type { PortOpener } from '../../midi/open-ports.js';
import { specOpener } from '../../midi/port-spec.js';
import { PortWatcher, type IntervalTimers } from '../../midi/port-watcher.js';
import type { TextSink } from '../../midi/trace-output.js';
import type { MemberDescriptor } from '../../render/index.js';
import { planDevices, type DeviceSelection, type WantedDevice } from './device-plan.js';
import { fixedPorts, HubSetupError, type FixedPorts } from './fixed-ports.js';
import { geometryProblem, HUB_ACCENT_NAMES, HUB_SELECTOR_CAPACITY } from './hub-geometry.js';
import { describeDevice, lookingFor, scanFailure } from './hub-messages.js';
import { errorMessage } from '../../support/error-message.js';
import { NoticeBoard, ProblemMemory } from './notice-board.js';
import { openDevice, type GreetingOptions, type OpenDevice } from './open-device.js';

/** Where the hub reports; the daemon's logger fits. */
export interface HubLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface MidiDeviceHubOptions {
  readonly selection: DeviceSelection;
  /** Called only when a device port must be listed or opened, so trace/file ports work without MIDI. */
  readonly backend: () => MidiBackend;
  readonly logger: HubLogger;
  readonly greeting: GreetingOptions;
  /** Where `trace:-` writes. */
  readonly stdout: TextSink;
  /** Default 1000: a controller is noticed within about a second. */
  readonly scanIntervalMs?: number;
  readonly timers?: IntervalTimers;
}

const SYSTEM_TIMERS: IntervalTimers = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

type Paint = { readonly kind: 'view'; readonly view: SurfaceView } | { readonly kind: 'show'; readonly frame: ShowFrame };

/** The key of the one trace/file device of a fixed selection. */
const FIXED_KEY = 'fixed';

/** An open controller and why it was opened. */
type HubDevice = OpenDevice & { readonly wanted: WantedDevice };

/**
 * Every MIDI controller of the daemon as one control surface. It looks for
 * ports about once a second; a controller that appears is opened, initialised
 * and shown the latest view at once; one that vanishes — or whose output fails
 * mid-frame — is dropped without an error reaching the daemon, and is
 * initialised and fully repainted when it returns. All controllers share one
 * geometry (hub-geometry.ts), so they all show the same control plane, and
 * their presses are merged in the order they were opened.
 *
 * The startup greeting plays the first time a controller appears in this
 * process; a controller that returns is repainted without it, because the
 * agents waiting on it should not wait for a scroll.
 */
export class MidiDeviceHub implements ControlSurface {
  readonly surfaceKind = 'composite' as const;
  readonly selectorCapacity = HUB_SELECTOR_CAPACITY;
  readonly accentNames = HUB_ACCENT_NAMES;
  readonly visualProtocol = 1;
  readonly #options: MidiDeviceHubOptions;
  readonly #fixed: FixedPorts | null;
  readonly #watcher: PortWatcher;
  readonly #open = new Map<string, HubDevice>();
  readonly #greeted = new Set<string>();
  readonly #notices = new NoticeBoard();
  readonly #problems = new ProblemMemory();
  readonly #opener: PortOpener;
  readonly #timers: IntervalTimers;
  #backend: MidiBackend | null = null;
  #latest: Paint | null = null;
  #timer: unknown = null;
  #closed = false;

  constructor(options: MidiDeviceHubOptions) {
    const { selection } = options;
    if (selection.mode === 'profile') {
      const problem = geometryProblem(selection.profile);
      if (problem !== null) throw new HubSetupError(problem);
    }
    this.#options = options;
    this.#fixed = fixedPorts(selection);
    this.#timers = options.timers ?? SYSTEM_TIMERS;
    this.#opener = specOpener({
      backend: () => this.#midi(),
      stdout: options.stdout,
      reportProblem: (message) => options.logger.warn(message),
    });
    this.#watcher = new PortWatcher({ listPorts: () => this.#midi().listPorts() });
    this.#watcher.onError((error) => options.logger.warn(scanFailure(error)));
  }

  /** The open controllers' profile ids joined with `+`, or "midi" while none is open. */
  get profileId(): string {
    return this.#open.size === 0 ? 'midi' : this.descriptors.map((d) => d.profile).join('+');
  }

  get inputName(): string {
    return this.descriptors.map((d) => d.input).join('; ');
  }

  get outputName(): string {
    return this.descriptors.map((d) => d.output).join('; ');
  }

  /** One `status.surfaces` entry per open controller, in opening order. */
  get descriptors(): MemberDescriptor[] {
    return [...this.#open.values()].map(({ wanted, surface }) => ({
      kind: 'midi',
      profile: wanted.profile.id,
      visualProtocol: surface.visualProtocol,
      input: surface.inputName,
      output: surface.outputName,
    }));
  }

  /**
   * Fixed (trace/file) ports are opened now and a failure is thrown, because
   * the daemon cannot do what was asked. Otherwise the first scan runs now and
   * later ones on a timer; nothing here throws for a missing device or MIDI.
   */
  initialize(): void {
    if (this.#closed) return;
    const selection = this.#options.selection;
    if (this.#fixed !== null && selection.mode === 'profile') {
      const failure = this.#start({ ...this.#fixed, profile: selection.profile, key: FIXED_KEY, identity: FIXED_KEY });
      if (failure !== null) throw failure;
      return;
    }
    this.#options.logger.info(lookingFor(selection));
    this.#scan();
    this.#timer = this.#timers.setInterval(() => this.#scan(), this.#options.scanIntervalMs ?? 1000);
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

  /** Idempotent: stops scanning and closes every controller (clear, shutdown commands, ports); never throws. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer !== null) this.#timers.clearInterval(this.#timer);
    this.#timer = null;
    for (const device of [...this.#open.values()].reverse()) this.#drop(device);
  }

  /** One port scan: close what vanished, open what appeared (or was dropped and is still there). */
  scanNow(): void {
    this.#scan();
  }

  #midi(): MidiBackend {
    this.#backend ??= this.#options.backend();
    return this.#backend;
  }

  #scan(): void {
    if (this.#closed) return;
    this.#watcher.poll();
    const plan = planDevices(this.#options.selection, this.#watcher.devices);
    for (const notice of this.#notices.update(plan.notices)) this.#options.logger.warn(`MIDI: ${notice}`);
    const wantedKeys = new Set(plan.wanted.map((device) => device.key));
    this.#problems.retain(wantedKeys);
    for (const device of [...this.#open.values()]) {
      if (wantedKeys.has(device.wanted.key)) continue;
      this.#drop(device);
      this.#options.logger.info(`MIDI: ${describeDevice(device.wanted)} disconnected`);
    }
    for (const wanted of plan.wanted) {
      if (this.#open.has(wanted.key)) continue;
      const failure = this.#start(wanted);
      if (failure !== null && this.#problems.isNew(wanted.key, failure.message)) {
        this.#options.logger.warn(`MIDI: could not open ${describeDevice(wanted)}: ${failure.message}`);
      }
    }
  }

  /** Opens, initialises and paints one device; returns the failure instead of throwing. */
  #start(wanted: WantedDevice): Error | null {
    const returning = this.#greeted.has(wanted.identity);
    const greeting: GreetingOptions = returning ? { ...this.#options.greeting, text: null } : this.#options.greeting;
    let device: HubDevice | null = null;
    try {
      device = { ...openDevice(this.#opener, wanted.profile, wanted, greeting), wanted };
      device.surface.initialize();
    } catch (error) {
      if (device !== null) this.#closeQuietly(device);
      return error instanceof Error ? error : new Error(String(error));
    }
    this.#greeted.add(wanted.identity);
    this.#open.set(wanted.key, device);
    this.#options.logger.info(`MIDI: ${describeDevice(wanted)} ${returning ? 'reconnected' : 'connected'}`);
    const latest = this.#latest;
    if (latest !== null) {
      this.#guard(device, 'render', () => (latest.kind === 'view' ? device.surface.render(latest.view) : device.surface.renderShowFrame(latest.frame)));
    }
    return null;
  }

  /** Runs one device operation; a failed output drops the device, anything else is reported. Never throws. */
  #guard(device: HubDevice, operation: string, run: () => void): void {
    try {
      run();
    } catch (error) {
      if (!device.transportFailed()) {
        this.#options.logger.error(`MIDI: ${describeDevice(device.wanted)}: ${operation} failed: ${errorMessage(error)}`);
        return;
      }
      this.#drop(device);
      const after = device.wanted.key === FIXED_KEY ? 'trace and file ports are not reopened' : 'it is repainted when it returns';
      const problem = `lost ${describeDevice(device.wanted)} (${errorMessage(error)}); ${after}`;
      if (this.#problems.isNew(device.wanted.key, problem)) this.#options.logger.warn(`MIDI: ${problem}`);
    }
  }

  #drop(device: HubDevice): void {
    this.#open.delete(device.wanted.key);
    this.#closeQuietly(device);
  }

  /** Closing a vanished device fails at its first send; the ports are closed regardless (MidiSurface.close). */
  #closeQuietly(device: OpenDevice): void {
    try {
      device.surface.close();
    } catch {
      // The device is gone or going; there is nobody to tell.
    }
  }
}
