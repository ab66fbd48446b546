import type { HidBackend } from '../hid/hid-device.js';
import { deckProfiles, gridProfiles } from '../profiles/index.js';
import type { SerialBackend } from '../serial/serial-port.js';
import type { StreamDeckLibrary } from '../stream-deck/library.js';
import type { LiveProfiles } from './live-profiles.js';
import { deckDriver } from '../stream-deck/deck-driver.js';
import { gridDriver } from '../monome/grid-driver.js';
import type { SurfaceDriver } from '../domain/index.js';
import { SurfaceHub } from './surface-hub.js';
import type { Logger } from '../support/logger.js';

export interface SurfaceHubSetup {
  /** The profile folders, followed while the process runs: their surface profiles are used. */
  readonly profiles: LiveProfiles;
  readonly logger: Logger;
  /** null turns serial (monome grids) off. */
  readonly serial: { readonly backend: () => SerialBackend; readonly paths: readonly string[] } | null;
  /** null turns HID (Stream Decks) off. */
  readonly hid: { readonly backend: () => HidBackend; readonly library: () => StreamDeckLibrary } | null;
  readonly scanIntervalMs?: number;
}

/**
 * The daemon's serial and HID side: one hub over the monome-grid and Stream
 * Deck drivers, with the surface profiles of the live catalog — a profile
 * dropped in, changed or removed while the daemon runs is used from then on
 * (SurfaceHub.profilesChanged). Null when both are turned off.
 */
export function createSurfaceHub(setup: SurfaceHubSetup): SurfaceHub | null {
  const surfaces = () => setup.profiles.snapshot.surfaces;
  const drivers: SurfaceDriver[] = [];
  if (setup.serial !== null) drivers.push(gridDriver({ backend: setup.serial.backend, paths: setup.serial.paths, profiles: () => gridProfiles(surfaces()) }));
  if (setup.hid !== null) drivers.push(deckDriver({ backend: setup.hid.backend, library: setup.hid.library, profiles: () => deckProfiles(surfaces()) }));
  if (drivers.length === 0) return null;
  const hub = new SurfaceHub({ drivers, logger: setup.logger, ...(setup.scanIntervalMs === undefined ? {} : { scanIntervalMs: setup.scanIntervalMs }) });
  setup.profiles.onChange(() => void hub.profilesChanged());
  return hub;
}
