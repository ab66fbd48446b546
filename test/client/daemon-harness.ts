import { startDaemon, type DaemonHandle } from '../../src/daemon/daemon.js';
import { PadLatticeClient } from '../../src/client/index.js';
import { RecordingSurface } from '../daemon/helpers/fakes.js';
import { delay, tempSocketPath } from './fake-daemon.js';

/** A real daemon on a temporary socket with one recording surface of four slots (wire-protocol-1.md §12 defaults). */
export interface RunningDaemon {
  readonly handle: DaemonHandle;
  readonly surface: RecordingSurface;
  readonly socketPath: string;
  readonly client: PadLatticeClient;
}

export async function runDaemon(socketPath: string = tempSocketPath()): Promise<RunningDaemon> {
  const surface = new RecordingSurface(4);
  const handle = await startDaemon({ socketPath, surfaces: [surface], identityStorePath: null, pollInterval: 0.005 });
  return { handle, surface, socketPath, client: new PadLatticeClient({ socketPath, timeoutMs: 2_000 }) };
}

/** Polls `check` until it holds (the daemon loop renders asynchronously); false if it never does. */
export async function eventually(check: () => boolean | Promise<boolean>, attempts = 400): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return true;
    await delay(5);
  }
  return false;
}
