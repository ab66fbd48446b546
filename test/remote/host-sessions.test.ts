import { LinkWatch } from '../../src/remote/link-watch.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PadLatticeClient } from '../../src/client/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import { loadSoPeerCred } from '../../src/unix-socket/so-peercred.js';
import { HostNamespace } from '../../src/remote/host-namespace.js';
import { endHostSessions } from '../../src/remote/host-sessions.js';
import { RelayServer } from '../../src/remote/relay-server.js';
import { reasonOf } from '../../src/remote/ssh-process.js';
import { daemonsPerTest } from '../client/daemon-harness.js';

const daemons = daemonsPerTest();
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A link that has just beaten: it delivers. */
const live = () => {
  const watch = new LinkWatch(3_000, () => 0);
  watch.beat();
  return watch;
};

const backends = async (client: PadLatticeClient) => (await client.status()).sessions.map((s) => `${s.identity.backend}/${s.identity.sessionId}`);

describe('a dropped link takes every session of its host off the pad', () => {
  it('ends the sessions that came through the relay, leased or not, and leaves local and other hosts alone', async () => {
    const running = await daemons.real();
    const dir = mkdtempSync(join(tmpdir(), 'pl-hs-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const namespace = new HostNamespace('devbox');
    const relay = await RelayServer.start({
      path: join(dir, 'devbox.sock'),
      daemonSocket: running.socketPath,
      namespace,
      peerCredentials: loadSoPeerCred(),
      link: live(),
      admitAction: () => true,
    });
    cleanups.push(() => relay.close());
    const remote = new PadLatticeClient({ socketPath: relay.path, timeoutMs: 2_000 });
    // The reference client's way: a plain `state` without a lease, on a connection that then closes.
    await remote.reportState('waiting_for_approval', { agent: makeIdentity('claude', 's1') });
    const lease = await remote.sessionLease({ leaseId: 'L1', agent: makeIdentity('codex', 's2'), metadata: {} });
    cleanups.push(() => lease.close());
    await running.client.reportState('running', { agent: makeIdentity('claude', 's1') });
    await running.client.reportState('running', { agent: makeIdentity('claude@cloud', 's1') });
    expect((await backends(running.client)).sort()).toEqual(['claude/s1', 'claude@cloud/s1', 'claude@devbox/s1', 'codex@devbox/s2']);

    relay.closeConnections();
    expect(await endHostSessions(running.socketPath, namespace)).toBeGreaterThanOrEqual(1);
    expect((await backends(running.client)).sort()).toEqual(['claude/s1', 'claude@cloud/s1']);
    // Nothing of the host is left to end.
    expect(await endHostSessions(running.socketPath, namespace)).toBe(0);
  });
});

describe('why ssh ended, as the drop message says it', () => {
  const ending = { ssh: 'ssh', startError: null, message: '', code: null, signal: null };

  it("names the signal or the exit status, after ssh's own last words when it had any", () => {
    expect(reasonOf({ ...ending, signal: 'SIGKILL' })).toBe('ssh was killed by SIGKILL');
    expect(reasonOf({ ...ending, code: 255 })).toBe('ssh exited with status 255');
    expect(reasonOf({ ...ending, code: 255, message: 'Killed by signal 15.' })).toBe('ssh: Killed by signal 15. (exit status 255)');
    expect(reasonOf({ ...ending, code: 255, message: 'ssh: connect to host devbox port 22: Connection refused' })).toBe(
      'ssh: connect to host devbox port 22: Connection refused (exit status 255)',
    );
  });

  it('says what to install when ssh is missing', () => {
    const missing = Object.assign(new Error('spawn ssh ENOENT'), { code: 'ENOENT' });
    expect(reasonOf({ ...ending, startError: missing })).toMatch(/^ssh was not found; install OpenSSH's client/);
  });
});
