import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { PadLatticeClient } from '../../src/client/index.js';
import type { PeerCredentialSource } from '../../src/daemon/socket/index.js';
import { HostNamespace } from '../../src/remote/host-namespace.js';
import { LinkWatch } from '../../src/remote/link-watch.js';
import { RelayServer } from '../../src/remote/relay-server.js';
import { loadSoPeerCred } from '../../src/unix-socket/so-peercred.js';
import type { ActionMessage } from '../../src/wire/index.js';
import { runDaemon, type RunningDaemon } from '../client/daemon-harness.js';
import { removeTempSocketDirs } from '../client/fake-daemon.js';

/** What a test file's relays and daemons need closed after each test. Call at the file's top level. */
export function relaysPerTest() {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    removeTempSocketDirs();
  });

  async function daemon(): Promise<RunningDaemon> {
    const running = await runDaemon();
    cleanups.push(() => running.handle.close());
    return running;
  }

  async function relay(running: RunningDaemon, host: string, peerCredentials: PeerCredentialSource = loadSoPeerCred()): Promise<Relay> {
    const dir = mkdtempSync(join(tmpdir(), 'pl-relay-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // The link's clock is the test's: it is live from the start and stalls when the test moves the clock on.
    const clock = { ms: 0 };
    const link = new LinkWatch(3_000, () => clock.ms);
    link.beat();
    const state: { admit: boolean; admitted: ActionMessage[]; errors: string[] } = { admit: true, admitted: [], errors: [] };
    const server = await RelayServer.start({
      path: join(dir, `${host}.sock`),
      daemonSocket: running.socketPath,
      namespace: new HostNamespace(host),
      peerCredentials,
      link,
      admitAction: (action) => {
        state.admitted.push(action);
        return state.admit;
      },
      onError: (error) => state.errors.push(error.message),
    });
    cleanups.push(() => server.close());
    const client = new PadLatticeClient({ socketPath: server.path, timeoutMs: 2_000 });
    return Object.assign(state, { server, client, link, clock });
  }

  return { daemon, relay, cleanups };
}

export interface Relay {
  readonly server: RelayServer;
  readonly client: PadLatticeClient;
  readonly admitted: ActionMessage[];
  readonly errors: string[];
  /** The link's heartbeat, on the test's clock (`clock.ms`). */
  readonly link: LinkWatch;
  readonly clock: { ms: number };
  admit: boolean;
}
