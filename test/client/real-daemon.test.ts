import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { DaemonDisconnectedError, DaemonUnavailableError, type SessionLease } from '../../src/client/index.js';
import { actionPressed, makeIdentity } from '../../src/domain/index.js';
import { runDaemon, eventually, type RunningDaemon } from './daemon-harness.js';
import { removeTempSocketDirs } from './fake-daemon.js';

const daemons: RunningDaemon[] = [];
const leases: SessionLease[] = [];

afterEach(async () => {
  for (const lease of leases.splice(0)) await lease.close();
  for (const daemon of daemons.splice(0)) await daemon.handle.close();
  removeTempSocketDirs();
});

async function daemon(socketPath?: string): Promise<RunningDaemon> {
  const running = await runDaemon(socketPath);
  daemons.push(running);
  return running;
}

const CODEX_S1 = makeIdentity('codex', 's1');

describe('client against the real daemon', () => {
  it('ping and status on a fresh daemon', async () => {
    const { client } = await daemon();
    await client.ping();
    const status = await client.status();
    expect(status.sessions).toEqual([]);
    expect(status.selected).toBeNull();
    expect(status.sessionTtl).toBe(86400);
    expect(status.surfaces).toHaveLength(1);
  });

  it('reportState with reply returns the default-identity ack (wire scenario 19)', async () => {
    const { client } = await daemon();
    expect(await client.reportState('running', { reply: true })).toEqual({
      identity: makeIdentity('local', 'default'),
      state: 'running',
      slot: 0,
      accent: 'cyan',
      selected: true,
      leased: false,
      label: 'default',
    });
  });

  it('a fire-and-forget state is visible to the next status, and endSession removes it', async () => {
    const { client } = await daemon();
    await client.reportState('waiting_for_approval', { agent: CODEX_S1, metadata: { cwd: '/home/dev/proj/', model: 'm' } });
    const status = await client.status();
    expect(status.sessions.map((s) => [s.identity, s.state, s.label, s.metadata])).toEqual([
      [CODEX_S1, 'waiting_for_approval', 'proj', { cwd: '/home/dev/proj/', model: 'm' }],
    ]);
    await client.endSession(CODEX_S1);
    expect((await client.status()).sessions).toEqual([]);
  });

  it('a subscriber receives the Stop press, and disposing it withdraws the offer', async () => {
    const { client, surface } = await daemon();
    await client.reportState('running', { agent: CODEX_S1 });
    const subscription = await client.subscribeActions({ agent: CODEX_S1, actions: ['stop'] });
    expect(await eventually(() => surface.lastView?.availableActions.has('stop') === true)).toBe(true);
    surface.press(actionPressed('stop'));
    expect(await subscription.receive(2_000)).toEqual({ action: 'stop', agent: CODEX_S1, requestId: null });
    await subscription[Symbol.asyncDispose]();
    expect(await eventually(() => surface.lastView?.availableActions.has('stop') === false)).toBe(true);
  });

  it('an action subscription ends with DaemonDisconnectedError when the daemon shuts down', async () => {
    const running = await daemon();
    const subscription = await running.client.subscribeActions();
    await running.handle.close();
    await expect(subscription.receive(2_000)).rejects.toBeInstanceOf(DaemonDisconnectedError);
  });

  it('a lease learns its identity, survives a daemon restart and re-binds it', async () => {
    const first = await daemon();
    const lease = await first.client.sessionLease({ leaseId: 'lease-1', metadata: { label: 'docs' }, backoff: { initialDelayMs: 10, maxDelayMs: 50 } });
    leases.push(lease);
    const bound = once(lease, 'bound');
    await first.client.reportState('running', { agent: CODEX_S1, leaseId: 'lease-1' });
    await bound;
    expect(lease.identity).toEqual(CODEX_S1);

    const dropped = once(lease, 'disconnected');
    await first.handle.close();
    daemons.splice(daemons.indexOf(first), 1);
    await dropped;
    await expect(first.client.ping()).rejects.toBeInstanceOf(DaemonUnavailableError);

    const reconnected = once(lease, 'connected');
    const second = await daemon(first.socketPath);
    await reconnected;
    const [session] = (await second.client.status()).sessions;
    expect(session).toMatchObject({ identity: CODEX_S1, leased: true, label: 'docs', state: 'waiting_for_reply' });

    // Closing the lease releases it: the daemon ends the leased session.
    await lease.close();
    expect(await eventually(async () => (await second.client.status()).sessions.length === 0)).toBe(true);
  });

  it('a preview shows in status until it is ended', async () => {
    const { client } = await daemon();
    const preview = await client.openPreview();
    await preview.show('error', 5);
    expect((await client.status()).previewActive).toBe(true);
    await preview.end();
    expect((await client.status()).previewActive).toBe(false);
    await preview.close();
  });

  it('a second previewer gets preview_conflict', async () => {
    const { client } = await daemon();
    const owner = await client.openPreview();
    const other = await client.openPreview();
    await owner.show('success', 5);
    await expect(other.show('error', 5)).rejects.toMatchObject({ code: 'preview_conflict' });
    await owner.close();
    await other.close();
  });
});
