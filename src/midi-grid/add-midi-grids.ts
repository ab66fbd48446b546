import type { DeviceEventSource, OpenedSurface, SurfaceDriver } from '../domain/index.js';
import type { MidiBackend } from '../midi/midi-port.js';
import type { TextSink } from '../midi/trace-output.js';
import type { Logger } from '../support/logger.js';
import { openFixedDevice } from './fixed-device.js';
import { lookingFor } from './hub-messages.js';
import { midiGridDriver, type MidiGridDriverOptions } from './midi-grid-driver.js';
import type { MidiSelection } from './midi-selection.js';
import type { GreetingOptions } from './open-device.js';

/** What MIDI grids are added to: the surface hub, as far as this needs it. */
export interface SurfaceSink {
  add(opened: OpenedSurface, key?: string): void;
  addDriver(driver: SurfaceDriver): void;
}

export interface MidiGridSetup {
  readonly backend: () => MidiBackend;
  readonly greeting: GreetingOptions;
  readonly logger: Logger;
  /** Where `trace:-` writes. */
  readonly stdout: TextSink;
  readonly deviceEvents?: DeviceEventSource;
  readonly scanIntervalMs?: number;
  readonly frameIntervalMs?: number;
}

/**
 * The MIDI grids of a selection, added to the hub: trace/file ports opened
 * now (a failure is thrown: the user named them), or a driver that finds the
 * controllers as they come and go.
 */
export function addMidiGrids(hub: SurfaceSink, midi: MidiSelection, setup: MidiGridSetup): void {
  const { selection, fixed } = midi;
  if (fixed !== null && selection.mode === 'profile') {
    const reportProblem = (message: string) => setup.logger.warn(message);
    hub.add(
      openFixedDevice({ profile: selection.profile, ports: fixed, greeting: setup.greeting, backend: setup.backend, stdout: setup.stdout, reportProblem }),
      'midi:fixed',
    );
    return;
  }
  setup.logger.info(lookingFor(selection));
  const options: MidiGridDriverOptions = {
    selection,
    backend: setup.backend,
    greeting: setup.greeting,
    ...(setup.deviceEvents === undefined ? {} : { deviceEvents: setup.deviceEvents }),
    ...(setup.scanIntervalMs === undefined ? {} : { scanIntervalMs: setup.scanIntervalMs }),
    ...(setup.frameIntervalMs === undefined ? {} : { frameIntervalMs: setup.frameIntervalMs }),
  };
  hub.addDriver(midiGridDriver(options));
}
