import type { OpenedSurface } from '../domain/index.js';
import type { MidiBackend } from '../midi/midi-port.js';
import { specOpener } from '../midi/port-spec.js';
import type { TextSink } from '../midi/trace-output.js';
import type { DeviceProfile } from '../profiles/index.js';
import type { FixedPorts } from './fixed-ports.js';
import { openDevice, type GreetingOptions } from './open-device.js';

export interface FixedDeviceSetup {
  readonly profile: DeviceProfile;
  readonly ports: FixedPorts;
  readonly greeting: GreetingOptions;
  /** Only asked for when one of the two ports names a device. */
  readonly backend: () => MidiBackend;
  /** Where `trace:-` writes. */
  readonly stdout: TextSink;
  /** A skipped line of a `file:` input. */
  readonly reportProblem: (message: string) => void;
}

/**
 * A profile driven through a `trace:` output and/or a `file:` input: opened
 * once, for the hub to add (it does not come and go, and reopening a trace
 * would truncate it). It records every frame: no frame cap. Opening throws
 * what the user must fix (a folder that does not exist …).
 */
export function openFixedDevice(setup: FixedDeviceSetup): OpenedSurface {
  const opener = specOpener({ backend: setup.backend, stdout: setup.stdout, reportProblem: setup.reportProblem });
  const device = openDevice(opener, setup.profile, setup.ports, setup.greeting);
  return {
    surface: device.surface,
    descriptor: device.surface.descriptor,
    geometry: device.surface.geometry,
    frameIntervalMs: 0,
    transportFailed: device.transportFailed,
  };
}
