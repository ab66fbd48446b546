import { cachedUntilDevChanges } from '../surfaces/dev-listing-cache.js';
import type { HidBackend } from '../hid/hid-device.js';
import { createNodeHidBackend } from '../hid/node-hid-backend.js';
import type { SerialBackend } from '../serial/serial-port.js';
import { createSerialportBackend } from '../serial/serialport-backend.js';
import { loadStreamDeckLibrary, type StreamDeckLibrary } from '../stream-deck/library.js';

export type { SurfaceValues } from './daemon-surface-flags.js';
import type { SurfaceValues } from './daemon-surface-flags.js';

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
    hid:
      values['no-hid'] === true
        ? null
        : { backend: backends.hidBackend ?? quietListing(createNodeHidBackend()), library: backends.streamDeckLibrary ?? (() => loadStreamDeckLibrary()) },
  };
}

/** A real backend whose listing is repeated only when /dev changed (see cachedUntilDevChanges). */
function quietListing<B extends { list(): Promise<readonly unknown[]> }>(backend: B): () => B {
  const list = cachedUntilDevChanges(() => backend.list());
  const quiet = Object.assign(Object.create(backend) as B, { list });
  return () => quiet;
}
