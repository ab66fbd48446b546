import type { HidBackend } from '../../hid/hid-device.js';
import { deckProfiles, gridProfiles, loadSurfaceCatalog, type ProfileIssue, type SurfaceCatalog } from '../../profiles/index.js';
import type { SerialBackend } from '../../serial/serial-port.js';
import type { StreamDeckLibrary } from '../../stream-deck/library.js';
import type { HubLogger } from '../hub/midi-device-hub.js';
import { deckDriver } from './deck-driver.js';
import { gridDriver } from './grid-driver.js';
import type { SurfaceDriver } from './surface-driver.js';
import { SurfaceHub } from './surface-hub.js';

export interface SurfaceHubSetup {
  /** Profile folders, built-ins first: the surface profiles among their files are used. */
  readonly roots: readonly string[];
  readonly logger: HubLogger;
  /** null turns serial (monome grids) off. */
  readonly serial: { readonly backend: () => SerialBackend; readonly paths: readonly string[] } | null;
  /** null turns HID (Stream Decks) off. */
  readonly hid: { readonly backend: () => HidBackend; readonly library: () => StreamDeckLibrary } | null;
  readonly scanIntervalMs?: number;
}

const describeIssue = (source: string, issue: ProfileIssue) => `${source}: ${issue.path === '' ? '' : `${issue.path}: `}${issue.message}`;

/**
 * The daemon's serial and HID side: one hub over the monome-grid and Stream
 * Deck drivers, with the surface profiles of the profile folders (loaded once;
 * a broken one is logged with every problem and left out), and that catalog
 * (for status). The hub is null when both are turned off.
 */
export async function createSurfaceHub(setup: SurfaceHubSetup): Promise<{ readonly hub: SurfaceHub | null; readonly catalog: SurfaceCatalog }> {
  const catalog = await loadSurfaceCatalog(setup.roots);
  for (const problem of catalog.problems) {
    for (const issue of problem.issues) setup.logger.warn(`surface profile not loaded: ${describeIssue(problem.source, issue)}`);
  }
  const drivers: SurfaceDriver[] = [];
  if (setup.serial !== null) drivers.push(gridDriver({ backend: setup.serial.backend, paths: setup.serial.paths, profiles: () => gridProfiles(catalog) }));
  if (setup.hid !== null) drivers.push(deckDriver({ backend: setup.hid.backend, library: setup.hid.library, profiles: () => deckProfiles(catalog) }));
  if (drivers.length === 0) return { hub: null, catalog };
  return { hub: new SurfaceHub({ drivers, logger: setup.logger, ...(setup.scanIntervalMs === undefined ? {} : { scanIntervalMs: setup.scanIntervalMs }) }), catalog };
}
