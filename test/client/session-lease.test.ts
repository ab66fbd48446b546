import { once } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DaemonProtocolError, PadLatticeClient, type SessionLease } from '../../src/client/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import { FakeDaemon, removeTempSocketDirs, tempSocketPath, type FakeHandler } from './fake-daemon.js';

const FAST = { initialDelayMs: 10, maxDelayMs: 40 };

function sessionAck(backend: string, sessionId: string, state = 'waiting_for_reply'): object {
  return {
    protocol: 1,
    type: 'state_ack',
    backend,
    session_id: sessionId,
    state,
    slot: 0,
    scene: 1,
    accent: 'cyan',
    selected: true,
    leased: true,
    label: 'docs',
  };
}

/** Acknowledges every session_lease, echoing the agent as the resolved session when one was sent. */
const ackLeases: FakeHandler = (message) => {
  if (message['type'] !== 'session_lease') return undefined;
  const agent = message['agent'] as { backend: string; session_id: string } | undefined;
  return {
    protocol: 1,
    type: 'session_lease_ack',
    lease_id: message['lease_id'],
    ...(agent === undefined ? {} : { session: sessionAck(agent.backend, agent.session_id) }),
  };
};

const fakes: FakeDaemon[] = [];
const leases: SessionLease[] = [];

afterEach(async () => {
  for (const lease of leases.splice(0)) await lease.close();
  for (const fake of fakes.splice(0)) await fake.close();
  removeTempSocketDirs();
});

async function startFake(socketPath: string, handler: FakeHandler = ackLeases): Promise<FakeDaemon> {
  const fake = await FakeDaemon.start(handler, socketPath);
  fakes.push(fake);
  return fake;
}

async function openLease(socketPath: string, options: Parameters<PadLatticeClient['sessionLease']>[0] = {}): Promise<SessionLease> {
  const lease = await new PadLatticeClient({ socketPath, timeoutMs: 500 }).sessionLease({ backoff: FAST, ...options });
  leases.push(lease);
  return lease;
}

describe('sessionLease', () => {
  it('registers with a Hex32 lease id and metadata, and without an agent', async () => {
    const path = tempSocketPath();
    const fake = await startFake(path);
    const lease = await openLease(path, { metadata: { label: 'docs', cwd: '/w' } });
    expect(lease.leaseId).toMatch(/^[0-9a-f]{32}$/);
    expect(lease.identity).toBeNull();
    expect(fake.connections[0]?.received).toEqual([{ protocol: 1, type: 'session_lease', lease_id: lease.leaseId, metadata: { label: 'docs', cwd: '/w' } }]);
    expect(lease.connected).toBe(true);
  });

  it('hands listeners given at open the first ack and a session_lease_bound that arrives in the same read', async () => {
    const path = tempSocketPath();
    // One write carrying the ack and the binding: a listener attached after open() returns would miss the binding.
    await startFake(path, (message) => {
      if (message['type'] !== 'session_lease') return undefined;
      const ack = { protocol: 1, type: 'session_lease_ack', lease_id: message['lease_id'] };
      const bound = { protocol: 1, type: 'session_lease_bound', lease_id: message['lease_id'], session: sessionAck('codex', 's9') };
      return `${JSON.stringify(ack)}\n${JSON.stringify(bound)}\n`;
    });
    const seen: string[] = [];
    const lease = await openLease(path, {
      listeners: {
        connected: (session) => seen.push(`connected:${session === null ? 'none' : session.identity.sessionId}`),
        bound: (session) => seen.push(`bound:${session.identity.sessionId}`),
      },
    });
    await vi.waitFor(() => expect(seen).toEqual(['connected:none', 'bound:s9']));
    expect(lease.identity).toEqual(makeIdentity('codex', 's9'));
  });

  it('learns its identity from session_lease_bound', async () => {
    const path = tempSocketPath();
    const fake = await startFake(path);
    const lease = await openLease(path, { leaseId: 'lease-1' });
    const bound = once(lease, 'bound');
    fake.connections[0]!.send({ protocol: 1, type: 'session_lease_bound', lease_id: 'lease-1', session: sessionAck('codex', 's1') });
    const [session] = await bound;
    expect(session).toMatchObject({ identity: makeIdentity('codex', 's1'), leased: true });
    expect(lease.identity).toEqual(makeIdentity('codex', 's1'));
  });

  it('ignores error lines on the lease connection', async () => {
    const path = tempSocketPath();
    const fake = await startFake(path);
    const lease = await openLease(path, { leaseId: 'lease-1' });
    const bound = once(lease, 'bound');
    fake.connections[0]!.writeRaw('{"protocol":1,"type":"error","code":"invalid_message","error":"x"}\nnot json\n');
    fake.connections[0]!.send({ protocol: 1, type: 'session_lease_bound', lease_id: 'lease-1', session: sessionAck('codex', 's2') });
    await bound;
    expect(lease.connected).toBe(true);
    expect(lease.identity).toEqual(makeIdentity('codex', 's2'));
  });

  it('reconnects after a daemon restart and re-binds the identity it learned', async () => {
    const path = tempSocketPath();
    const first = await startFake(path);
    const lease = await openLease(path, { leaseId: 'lease-1', metadata: { label: 'docs' } });
    const bound = once(lease, 'bound');
    first.connections[0]!.send({ protocol: 1, type: 'session_lease_bound', lease_id: 'lease-1', session: sessionAck('codex', 's1', 'running') });
    await bound;

    const dropped = once(lease, 'disconnected');
    await first.close();
    fakes.splice(fakes.indexOf(first), 1);
    await dropped;
    expect(lease.connected).toBe(false);

    // Nothing listens for a while: the lease keeps retrying with growing pauses.
    const retrying = once(lease, 'retrying');
    await retrying;

    const reconnected = once(lease, 'connected');
    const second = await startFake(path);
    const [session] = await reconnected;
    expect(second.connections.at(-1)?.received).toEqual([
      { protocol: 1, type: 'session_lease', lease_id: 'lease-1', agent: { backend: 'codex', session_id: 's1' }, metadata: { label: 'docs' } },
    ]);
    expect(session).toMatchObject({ identity: makeIdentity('codex', 's1') });
    expect(lease.connected).toBe(true);
  });

  it('stops reconnecting once closed', async () => {
    const path = tempSocketPath();
    const first = await startFake(path);
    const lease = await openLease(path, { agent: makeIdentity('codex', 's1') });
    const dropped = once(lease, 'disconnected');
    await first.close();
    fakes.splice(fakes.indexOf(first), 1);
    await dropped;
    await lease.close();
    const second = await startFake(path);
    await new Promise((resolve) => setTimeout(resolve, 4 * FAST.maxDelayMs));
    expect(second.connections).toHaveLength(0);
  });

  it('closing the lease closes its connection', async () => {
    const path = tempSocketPath();
    const fake = await startFake(path);
    const lease = await openLease(path);
    await lease.close();
    await fake.waitForConnections(1);
    for (let i = 0; i < 100 && !fake.connections[0]!.ended(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fake.connections[0]!.ended()).toBe(true);
  });

  it('fails to open when the daemon rejects the registration', async () => {
    const path = tempSocketPath();
    await startFake(path, () => '{"protocol":1,"type":"error","code":"invalid_message","error":"metadata values must be non-empty strings"}\n');
    const failure = await new PadLatticeClient({ socketPath: path }).sessionLease().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DaemonProtocolError);
  });
});
