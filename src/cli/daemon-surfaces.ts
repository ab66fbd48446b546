import { cachedUntilDevChanges } from '../devices/surface-hub/dev-listing-cache.js';
import type { HidBackend } from '../hid/hid-device.js';
import { createNodeHidBackend } from '../hid/node-hid-backend.js';
import type { SerialBackend } from '../serial/serial-port.js';
import { createSerialportBackend } from '../serial/serialport-backend.js';
import { loadStreamDeckLibrary, type StreamDeckLibrary } from '../stream-deck/library.js';

/** The daemon's serial/HID controller options (monome grids, Stream Decks). */
export const DAEMON_SURFACE_OPTIONS = {
  grid: { type: 'string', multiple: true },
  'no-serial': { type: 'boolean', default: false },
  'no-hid': { type: 'boolean', default: false },
} as const;

export const DAEMON_SURFACE_HELP = `Serial and HID controllers:
  --grid PATH             drive the monome grid at this serial port (repeatable);
                          without it grids are found by their USB identity
  --no-serial             do not look for monome grids
  --no-hid                do not look for Stream Decks

monome grids (mext, 16x8, 8x8, 16x16; varibright or monobright) and Elgato
Stream Decks are picked up when plugged in, like MIDI controllers, using the
surface profiles in the profile folders. On Linux they need udev rules to work
without root: 'pad-lattice udev-rules'.`;

export type SurfaceValues = { grid?: string[]; 'no-serial'?: boolean; 'no-hid'?: boolean };

/** Backends the daemon's serial/HID side uses; tests inject mocks. */
export interface SurfaceBackends {
  readonly serialBackend?: () => SerialBackend;
  readonly hidBackend?: () => HidBackend;
  readonly streamDeckLibrary?: () => StreamDeckLibrary;
}

/** The serial and HID sides the options ask for (null: turned off), on the injected backends or the real ones. */
export function surfaceTransports(values: SurfaceValues, backends: SurfaceBackends) {
  return {
    serial: values['no-serial'] === true ? null : { backend: backends.serialBackend ?? quietListing(createSerialportBackend()), paths: values.grid ?? [] },
    hid: values['no-hid'] === true ? null : { backend: backends.hidBackend ?? quietListing(createNodeHidBackend()), library: backends.streamDeckLibrary ?? (() => loadStreamDeckLibrary()) },
  };
}

/** A real backend whose listing is repeated only when /dev changed (see cachedUntilDevChanges). */
function quietListing<B extends { list(): Promise<readonly unknown[]> }>(backend: B): () => B {
  const list = cachedUntilDevChanges(() => backend.list());
  const quiet = Object.assign(Object.create(backend) as B, { list });
  return () => quiet;
}
