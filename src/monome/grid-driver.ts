import { existsSync } from 'node:fs';
import { GRID_FRAME_INTERVAL_MS, GridSurface } from './grid-surface.js';
import { isGridPort } from './grid-ports.js';
import { MEXT_BAUD_RATE, MextLink } from './mext-link.js';
import { profileForSize, type MonomeGridProfile } from '../profiles/surface/index.js';
import type { SerialBackend } from '../serial/serial-port.js';
import type { OpenedSurface, SurfaceCandidate, SurfaceDriver } from '../domain/index.js';

export interface GridDriverOptions {
  readonly backend: () => SerialBackend;
  readonly profiles: () => readonly MonomeGridProfile[];
  /** Grids named by path (`--grid PATH`): only these are opened, whenever the path exists; no listing. */
  readonly paths?: readonly string[];
  /** How long a grid may take to say its size. */
  readonly probeTimeoutMs?: number;
  readonly frameIntervalMs?: number;
  /** How often the serial ports are listed; default 2000 ms (a grid is noticed within about two seconds). */
  readonly scanIntervalMs?: number;
  /** How long a device that could not be opened waits before it is tried again while it stays plugged in; default 10 s. */
  readonly retryMs?: number;
  /** The clock that times out a grid's partial messages (see mext-decoder.ts); tests inject one. */
  readonly now?: () => number;
}

interface GridCandidate extends SurfaceCandidate {
  readonly path: string;
}

const candidate = (path: string): GridCandidate => ({ key: `serial:${path}`, path, description: `monome grid at ${path}` });

/** monome grids for the surface hub: found by their USB identity (grid-ports.ts), confirmed by their size answer. */
export function gridDriver(options: GridDriverOptions): SurfaceDriver<GridCandidate> {
  return {
    label: 'serial',
    scanIntervalMs: options.scanIntervalMs ?? 2000,
    // Opening a grid waits for its size answer: one that did not answer is not asked again at every scan.
    retryMs: options.retryMs ?? 10_000,
    async list() {
      const paths = options.paths ?? [];
      if (paths.length > 0) return paths.filter((path) => existsSync(path)).map(candidate);
      return (await options.backend().list()).filter(isGridPort).map((port) => candidate(port.path));
    },
    async open(grid, onLost): Promise<OpenedSurface> {
      const transport = await options.backend().open({ path: grid.path, baudRate: MEXT_BAUD_RATE });
      const link = new MextLink(transport, options.now === undefined ? {} : { now: options.now });
      try {
        const identity = await link.identify(options.probeTimeoutMs ?? 1500);
        const profile = profileForSize(options.profiles(), identity.columns, identity.rows);
        if (profile === undefined) {
          throw new Error(
            `no surface profile fits a ${identity.columns}x${identity.rows} grid; add one with "size": {"columns": ${identity.columns}, "rows": ${identity.rows}} (see profiles/monome/grid/)`,
          );
        }
        const surface = new GridSurface({ link, profile, onLost });
        const name = identity.id === null ? grid.path : `${grid.path} (${identity.id})`;
        return {
          surface,
          descriptor: { kind: 'serial', profile: profile.id, visualProtocol: 1, input: name, output: name },
          frameIntervalMs: options.frameIntervalMs ?? GRID_FRAME_INTERVAL_MS,
          profileCurrent: () => profileForSize(options.profiles(), identity.columns, identity.rows) === profile,
          ...(profile.status === 'experimental' ? { notice: `${profile.id} is not yet checked on hardware; please report how it works` } : {}),
        };
      } catch (error) {
        await link.close();
        throw error;
      }
    },
  };
}
