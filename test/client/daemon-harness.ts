import { startDaemon, type DaemonHandle } from '../../src/daemon/daemon.js';
import { PadLatticeClient } from '../../src/client/index.js';
import { RecordingSurface } from '../daemon/helpers/fakes.js';
import { afterEach } from 'vitest';
import { FakeDaemon, delay, removeTempSocketDirs, tempSocketPath, type FakeHandler } from './fake-daemon.js';
import { hubOf } from '../helpers/hub.js';

/** A real daemon on a temporary socket with one recording surface of four slots (wire-protocol-1.md §12 defaults). */
export interface RunningDaemon {
  readonly handle: DaemonHandle;
  readonly surface: RecordingSurface;
  readonly socketPath: string;
  readonly client: PadLatticeClient;
}

export async function runDaemon(socketPath: string = tempSocketPath()): Promise<RunningDaemon> {
  const surface = new RecordingSurface(4);
  const handle = await startDaemon({ socketPath, surfaces: hubOf([surface]), identityStorePath: null, pollInterval: 0.005 });
  return { handle, surface, socketPath, client: new PadLatticeClient({ socketPath, timeoutMs: 2_000 }) };
}

/** Polls `check` until it holds (the daemon loop renders asynchronously); false if it never does. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  // A deadline by the clock, not a count of polls: on a loaded machine each poll takes longer.
  const deadline = Date.now() + timeoutMs;
  do {
    if (await check()) return true;
    await delay(5);
  } while (Date.now() < deadline);
  return check();
}

/**
 * The daemons a test file starts, real (runDaemon) or scripted (FakeDaemon),
 * each closed after its test, with the temporary socket folders. Call at the
 * file's top level.
 */
export function daemonsPerTest() {
  const started: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const daemon of started.splice(0)) await daemon.close();
    removeTempSocketDirs();
  });
  return {
    async real(): Promise<RunningDaemon> {
      const running = await runDaemon();
      started.push(running.handle);
      return running;
    },
    async fake(handler?: FakeHandler): Promise<FakeDaemon> {
      const fake = await FakeDaemon.start(handler);
      started.push(fake);
      return fake;
    },
  };
}
