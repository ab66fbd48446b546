import type { ControlSurface, SurfaceDescriptor, ShowFrame, SurfaceEvent, SurfaceView } from '../domain/index.js';
import type { MidiBackend } from '../midi/midi-port.js';
import type { PortOpener } from '../midi/open-ports.js';
import { specOpener } from '../midi/port-spec.js';
import { PortWatcher } from '../midi/port-watcher.js';
import type { TextSink } from '../midi/trace-output.js';
import { untestedNotice } from '../profiles/index.js';
import type { MidiSurface } from './midi-surface.js';
import { errorMessage } from '../support/error-message.js';
import { escapeUntrusted } from '../support/untrusted-text.js';
import type { DeviceEventSource } from '../surfaces/device-node-events.js';
import { planDevices, type DeviceSelection, type WantedDevice } from './device-plan.js';
import { fixedPorts, HubSetupError, type FixedPorts } from './fixed-ports.js';
import { DeviceFanOut, type DeviceOperation } from '../surfaces/device-fan-out.js';
import { geometryProblem, HUB_ACCENT_NAMES, HUB_SELECTOR_CAPACITY } from '../surfaces/hub-geometry.js';
import { describeDevice, lookingFor, scanFailure } from './hub-messages.js';
import { SYSTEM_HUB_TIMERS, type HubTimers } from '../surfaces/hub-timers.js';
import { NoticeBoard, ProblemMemory } from '../surfaces/notice-board.js';
import { openDevice, type GreetingOptions, type OpenDevice } from './open-device.js';
import { RescanSchedule } from '../surfaces/rescan-schedule.js';
import type { Logger } from '../support/logger.js';

export interface MidiDeviceHubOptions {
  readonly selection: DeviceSelection;
  /** Called only when a device port must be listed or opened, so trace/file ports work without MIDI. */
  readonly backend: () => MidiBackend;
  readonly logger: Logger;
  readonly greeting: GreetingOptions;
  /** Where `trace:-` writes. */
  readonly stdout: TextSink;
  /** The poll that finds controllers where no device event comes; default 1000 ms. */
  readonly scanIntervalMs?: number;
  /** Wakes the hub when hardware comes or goes (Linux: /dev/snd); default none, the poll alone. */
  readonly deviceEvents?: DeviceEventSource;
  /** Quiet time after a device event before rescanning; default 150 ms. */
  readonly rescanDebounceMs?: number;
  /** The second look after a change, for ports that appear after the USB event; default 3000 ms. */
  readonly settleRescanMs?: number;
  /** Least time between two frames on one controller; default 1000/60 ms, 0 draws every frame at once. */
  readonly frameIntervalMs?: number;
  readonly timers?: HubTimers;
}

/** The key of the one trace/file device of a fixed selection. */
const FIXED_KEY = 'fixed';

/** Default cap: 60 frames a second per controller. */
export const DEFAULT_FRAME_INTERVAL_MS = 1000 / 60;

/** An open controller and why it was opened. */
type HubDevice = OpenDevice & { readonly key: string; readonly device: MidiSurface; readonly wanted: WantedDevice; readonly frameIntervalMs: number };

/**
 * Every MIDI controller of the daemon as one control surface. It looks for
 * ports at once when the system reports hardware coming or going (after a
 * short debounce, and once more a few seconds later, as ports often appear
 * after the USB event), and on a slow poll besides. A controller that appears
 * is opened, initialised and shown the latest view at once; one that vanishes
 * — or whose output fails mid-frame — is dropped without an error reaching
 * the daemon, and is initialised and fully repainted when it returns. Frames
 * reach each controller through the DeviceFanOut's pacer: a frame-rate cap,
 * and the newest frame only when a controller lags. All controllers share one
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
  readonly #open: DeviceFanOut<HubDevice>;
  readonly #greeted = new Set<string>();
  readonly #notices = new NoticeBoard();
  readonly #problems = new ProblemMemory();
  readonly #opener: PortOpener;
  readonly #timers: HubTimers;
  readonly #rescans: RescanSchedule;
  readonly #untestedNoticed = new Set<string>();
  #backend: MidiBackend | null = null;
  #timer: unknown = null;
  #stopDeviceEvents: (() => void) | null = null;
  #closed = false;

  constructor(options: MidiDeviceHubOptions) {
    const { selection } = options;
    if (selection.mode === 'profile') {
      const problem = geometryProblem(selection.profile);
      if (problem !== null) throw new HubSetupError(problem);
    }
    this.#options = options;
    this.#fixed = fixedPorts(selection);
    this.#timers = options.timers ?? SYSTEM_HUB_TIMERS;
    this.#open = new DeviceFanOut<HubDevice>({ timers: this.#timers, onFailure: (device, operation, error) => this.#failed(device, operation, error) });
    this.#rescans = new RescanSchedule({
      timers: this.#timers,
      debounceMs: options.rescanDebounceMs ?? 150,
      settleMs: options.settleRescanMs ?? 3000,
      rescan: () => this.#scan(),
    });
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
  get descriptors(): SurfaceDescriptor[] {
    return this.#open.members.map(({ wanted, surface }) => ({
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
    this.#stopDeviceEvents = this.#options.deviceEvents?.(() => this.#rescans.deviceEvent()) ?? null;
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

  /** Idempotent: stops scanning and closes every controller (clear, shutdown commands, ports); never throws. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer !== null) this.#timers.clearInterval(this.#timer);
    this.#timer = null;
    this.#stopDeviceEvents?.();
    this.#rescans.cancel();
    void this.#open.closeAll();
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
    // A listing that changed is looked at again a little later: a device's other ports may still be on their way.
    if (this.#watcher.poll().length > 0) this.#rescans.listingChanged();
    const plan = planDevices(this.#options.selection, this.#watcher.devices);
    for (const notice of this.#notices.update(plan.notices)) this.#options.logger.warn(`MIDI: ${notice}`);
    const wantedKeys = new Set(plan.wanted.map((device) => device.key));
    this.#problems.retain(wantedKeys);
    for (const device of this.#open.members) {
      if (wantedKeys.has(device.key)) continue;
      void this.#open.remove(device);
      this.#options.logger.info(`MIDI: ${describeDevice(device.wanted)} disconnected`);
    }
    for (const wanted of plan.wanted) {
      if (this.#open.get(wanted.key) !== undefined) continue;
      const failure = this.#start(wanted);
      if (failure !== null && this.#problems.isNew(wanted.key, failure.message)) {
        this.#options.logger.warn(`MIDI: could not open ${describeDevice(wanted)}: ${escapeUntrusted(failure.message)}`);
      }
    }
  }

  /** Opens, initialises and paints one device; returns the failure instead of throwing. */
  #start(wanted: WantedDevice): Error | null {
    const returning = this.#greeted.has(wanted.identity);
    const greeting: GreetingOptions = returning ? { ...this.#options.greeting, text: null } : this.#options.greeting;
    let opened: OpenDevice | null = null;
    try {
      opened = openDevice(this.#opener, wanted.profile, wanted, greeting);
      opened.surface.initialize();
    } catch (error) {
      if (opened !== null) closeQuietly(opened.surface);
      return error instanceof Error ? error : new Error(String(error));
    }
    this.#greeted.add(wanted.identity);
    // A trace or file port is no device that can lag: it records every frame, as `render` shows them.
    const frameIntervalMs = wanted.key === FIXED_KEY ? 0 : (this.#options.frameIntervalMs ?? DEFAULT_FRAME_INTERVAL_MS);
    this.#options.logger.info(`MIDI: ${describeDevice(wanted)} ${returning ? 'reconnected' : 'connected'}`);
    this.#noticeUntested(wanted);
    this.#open.add({ ...opened, key: wanted.key, device: opened.surface, wanted, frameIntervalMs });
    return null;
  }

  /** Once per profile and process: a controller driven by a profile nobody has tested on hardware says so. */
  #noticeUntested(wanted: WantedDevice): void {
    const notice = untestedNotice(wanted.profile);
    if (notice === null || this.#untestedNoticed.has(wanted.profile.id)) return;
    this.#untestedNoticed.add(wanted.profile.id);
    this.#options.logger.warn(`MIDI: ${notice}`);
  }

  /** A failed output drops the device (it is repainted when it returns); any other failure (a bug) is only reported. */
  #failed(device: HubDevice, operation: DeviceOperation, error: unknown): void {
    const cause = escapeUntrusted(errorMessage(error));
    if (!device.transportFailed()) {
      this.#options.logger.error(`MIDI: ${describeDevice(device.wanted)}: ${operation} failed: ${cause}`);
      return;
    }
    if (this.#open.remove(device) === null) return;
    const after = device.key === FIXED_KEY ? 'trace and file ports are not reopened' : 'it is repainted when it returns';
    const problem = `lost ${describeDevice(device.wanted)} (${cause}); ${after}`;
    if (this.#problems.isNew(device.key, problem)) this.#options.logger.warn(`MIDI: ${problem}`);
  }
}

/** Closing a controller that failed to start; its ports are closed regardless (MidiSurface.close). */
function closeQuietly(surface: MidiSurface): void {
  try {
    surface.close();
  } catch {
    // The device is gone or going; there is nobody to tell.
  }
}
