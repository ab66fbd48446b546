import type { CliIo } from './command.js';
import { BUILTIN_PROFILE_ROOT, userRootsFor } from './commands/profile-context.js';
import { createSurfaceHub, type SurfaceHub } from '../devices/surface-hub/index.js';
import type { ProfileInventorySource } from '../daemon/runtime/inventory-report.js';
import type { SurfaceCatalog } from '../profiles/index.js';
import { cachedUntilDevChanges } from '../devices/surface-hub/dev-listing-cache.js';
import type { HubLogger } from '../devices/hub/index.js';
import type { HidBackend } from '../hid/hid-device.js';
import { createNodeHidBackend } from '../hid/node-hid-backend.js';
import type { SerialBackend } from '../serial/serial-port.js';
import { createSerialportBackend } from '../serial/serialport-backend.js';
import { loadStreamDeckLibrary, type StreamDeckLibrary } from '../stream-deck/library.js';

/** Backends the daemon's serial/HID side uses; tests inject mocks. */
export interface SurfaceBackends {
  readonly serialBackend?: () => SerialBackend;
  readonly hidBackend?: () => HidBackend;
  readonly streamDeckLibrary?: () => StreamDeckLibrary;
}

/** The serial/HID hub for the daemon's options (null when both are turned off) and the surface profiles it uses. */
export function surfaceHubFor(
  values: { grid?: string[]; 'no-serial'?: boolean; 'no-hid'?: boolean },
  io: CliIo,
  logger: HubLogger,
  backends: SurfaceBackends,
): Promise<{ readonly hub: SurfaceHub | null; readonly catalog: SurfaceCatalog }> {
  return createSurfaceHub({
    roots: [BUILTIN_PROFILE_ROOT, ...userRootsFor(io)],
    logger,
    serial: values['no-serial'] === true ? null : { backend: backends.serialBackend ?? quietListing(createSerialportBackend()), paths: values.grid ?? [] },
    hid: values['no-hid'] === true ? null : { backend: backends.hidBackend ?? quietListing(createNodeHidBackend()), library: backends.streamDeckLibrary ?? (() => loadStreamDeckLibrary()) },
  });
}

/** A real backend whose listing is repeated only when /dev changed (see cachedUntilDevChanges). */
function quietListing<B extends { list(): Promise<readonly unknown[]> }>(backend: B): () => B {
  const list = cachedUntilDevChanges(() => backend.list());
  const quiet = Object.assign(Object.create(backend) as B, { list });
  return () => quiet;
}

/** The surface profiles for `status`: each opens when a device of its size appears. */
export function surfaceProfileInventory(catalog: SurfaceCatalog): ProfileInventorySource {
  return {
    profiles: () =>
      catalog.profiles.map((profile) => ({
        id: profile.id,
        status: profile.status,
        opensAutomatically: true,
        origin: profile.source.startsWith(BUILTIN_PROFILE_ROOT) ? 'built-in' : 'user',
        source: profile.source,
      })),
    refusedProfileFiles: () => catalog.problems.length,
  };
}

/** Several profile sources as one, in order. */
export function joinInventories(sources: readonly ProfileInventorySource[]): ProfileInventorySource {
  return {
    profiles: () => sources.flatMap((source) => source.profiles()),
    refusedProfileFiles: () => sources.reduce((sum, source) => sum + source.refusedProfileFiles(), 0),
  };
}
