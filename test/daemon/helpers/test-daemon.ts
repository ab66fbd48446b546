import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDaemon, type DaemonHandle, type DaemonOptions } from '../../../src/daemon/daemon.js';
import { fixture } from '../../helpers/fixture.js';
import { RecordingSurface } from './fakes.js';
import { WireClient } from './wire-client.js';
import { hubOf } from '../../helpers/hub.js';

/** A short socket directory: Unix socket paths are limited to 107 bytes. */
export function makeSocketDir(): { dir: string; path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'plw-'));
  return { dir, path: join(dir, 'd.sock'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TestDaemon {
  readonly handle: DaemonHandle;
  readonly path: string;
  readonly dir: string;
  readonly surface: RecordingSurface;
  connect(): Promise<WireClient>;
  /** One fresh connection, one request, one reply. */
  request(message: unknown): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

/** The §12 default: one surface of 4 slots (cyan, magenta, lime, orange), no accent store. */
export async function startTestDaemon(options: DaemonOptions = {}): Promise<TestDaemon> {
  const { dir, path, remove } = makeSocketDir();
  const surface = new RecordingSurface(4);
  const handle = await startDaemon({ socketPath: path, surfaces: hubOf([surface]), ...options });
  const clients: WireClient[] = [];
  const connect = async () => {
    const client = await WireClient.connect(path);
    clients.push(client);
    return client;
  };
  return {
    handle,
    path,
    dir,
    surface,
    connect,
    async request(message) {
      const client = await connect();
      const reply = await client.request(message);
      client.destroy();
      return reply;
    },
    async stop() {
      for (const client of clients) client.destroy();
      await handle.close();
      remove();
    },
  };
}

/**
 * A fresh test daemon for every test of the calling file (or describe),
 * stopped after it. Call at that level; the returned function gives the
 * current test's daemon.
 */
export function testDaemonPerTest(options: DaemonOptions = {}): () => TestDaemon {
  return fixture(
    'each',
    () => startTestDaemon(options),
    (daemon) => daemon.stop(),
  );
}
