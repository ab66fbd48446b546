import type { DeviceEventSource, OpenedSurface, SurfaceCandidate, SurfaceDriver } from '../domain/index.js';
import { MidiUnavailableError } from '../midi/errors.js';
import type { MidiBackend } from '../midi/midi-port.js';
import { pairPorts } from '../midi/port-names.js';
import { untestedNotice } from '../profiles/index.js';
import { planDevices, type DeviceSelection, type WantedDevice } from './device-plan.js';
import { describeDevice } from './hub-messages.js';
import { openDevice, type GreetingOptions } from './open-device.js';

/** Default cap: 60 frames a second per controller. */
export const DEFAULT_FRAME_INTERVAL_MS = 1000 / 60;

export interface MidiGridDriverOptions {
  /** Which controllers to open; trace and file ports are opened once instead (fixed-device.ts). */
  readonly selection: DeviceSelection;
  /** Called only when ports must be listed or opened, so a machine without MIDI still runs. */
  readonly backend: () => MidiBackend;
  readonly greeting: GreetingOptions;
  /** Hardware coming and going (Linux: /dev/snd); default none, the scan alone. */
  readonly deviceEvents?: DeviceEventSource;
  /** Default 1000 ms: a controller plugged in is noticed within about a second. */
  readonly scanIntervalMs?: number;
  /** Least time between two frames on one controller; default 1000/60 ms. */
  readonly frameIntervalMs?: number;
}

interface MidiCandidate extends SurfaceCandidate {
  readonly wanted: WantedDevice;
}

/**
 * MIDI grid controllers for the surface hub: the listed port pairs a profile
 * matches (device-plan.ts), each opened as a MidiSurface. The startup greeting
 * plays the first time a controller appears in this process; one that returns
 * is repainted without it, because the agents waiting on it should not wait
 * for a scroll.
 */
export function midiGridDriver(options: MidiGridDriverOptions): SurfaceDriver<MidiCandidate> {
  const greeted = new Set<string>();
  let notices: readonly string[] = [];
  let fingerprint = '';
  let backend: MidiBackend | null = null;
  const midi = () => (backend ??= options.backend());
  return {
    label: 'MIDI',
    scanIntervalMs: options.scanIntervalMs ?? 1000,
    // Opening a port is cheap: a controller that refused is tried at every scan.
    retryMs: 0,
    ...(options.deviceEvents === undefined ? {} : { deviceEvents: options.deviceEvents }),
    async list() {
      let listing;
      try {
        // Finds out in a child whether MIDI starts, so ALSA's own stderr lines never reach the daemon's log.
        await midi().ready?.();
        listing = midi().listPorts();
      } catch (error) {
        if (error instanceof MidiUnavailableError) {
          throw new Error(`${error.message} The daemon keeps running without controllers and picks one up as soon as MIDI works.`);
        }
        throw new Error(`listing ports failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      fingerprint = [...listing.inputs.map((name) => `in:${name}`), ...listing.outputs.map((name) => `out:${name}`)].sort().join('\u0000');
      const plan = planDevices(options.selection, pairPorts(listing.inputs, listing.outputs));
      notices = plan.notices;
      return plan.wanted.map((wanted) => ({
        key: wanted.key,
        identity: wanted.identity,
        profile: wanted.profile.id,
        description: describeDevice(wanted),
        wanted,
      }));
    },
    notices: () => notices,
    listingFingerprint: () => fingerprint,
    async open({ wanted }): Promise<OpenedSurface> {
      const returning = greeted.has(wanted.identity);
      const device = openDevice(midi(), wanted.profile, wanted, returning ? { ...options.greeting, text: null } : options.greeting);
      greeted.add(wanted.identity);
      const notice = untestedNotice(wanted.profile);
      return {
        surface: device.surface,
        descriptor: device.surface.descriptor,
        geometry: device.surface.geometry,
        frameIntervalMs: options.frameIntervalMs ?? DEFAULT_FRAME_INTERVAL_MS,
        transportFailed: device.transportFailed,
        ...(notice === null ? {} : { notice }),
      };
    },
  };
}
