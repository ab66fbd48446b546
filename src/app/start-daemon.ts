import { startDaemon, type DaemonHandle, type DaemonOptions } from '../daemon/daemon.js';
import type { DaemonLogger } from '../daemon/runtime/logger.js';
import type { SurfaceGeometry } from '../domain/index.js';
import { SurfaceHub } from '../surfaces/index.js';

/** A daemon that answers agents, and the one surface hub it draws through (empty until surfaces are attached). */
export interface RunningDaemon {
  readonly handle: DaemonHandle;
  readonly hub: SurfaceHub;
}

/** The daemon's own settings, without what the composition root supplies (surfaces, experiences, earcons, logger). */
export type DaemonSettings = Omit<DaemonOptions, 'surfaces' | 'experience' | 'earcons' | 'logger' | 'profileInventory'>;

export type StartDaemon = (options: DaemonOptions) => Promise<DaemonHandle>;

/**
 * The first half of every daemon Pad-Lattice runs (`daemon`, `web`, the bench,
 * the soak): the daemon on its socket, answering agents at once, with an empty
 * surface hub of the given geometry. This module loads nothing of the
 * controllers, profiles, browser pad or experiences: attach-surfaces.ts adds
 * them once the daemon answers.
 */
export async function startPadDaemon(
  settings: DaemonSettings,
  logger: DaemonLogger,
  start: StartDaemon = startDaemon,
  geometry?: SurfaceGeometry,
): Promise<RunningDaemon> {
  const hub = new SurfaceHub({ logger, ...(geometry === undefined ? {} : { geometry }) });
  const handle = await start({ ...settings, surfaces: hub, logger });
  return { handle, hub };
}
