import { EventEmitter } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionReport } from '../../../src/client/index.js';
import { exitStatus, runAgentChild } from '../../../src/agents/shared/agent-child.js';
import { LauncherLease } from '../../../src/agents/shared/launcher-lease.js';
import { LauncherUsageError, parseLauncherArgs } from '../../../src/agents/shared/launcher-options.js';
import { launcherChildEnv } from '../../../src/agents/shared/leased-run.js';
import { LauncherTitle, POP_TITLE, PUSH_TITLE } from '../../../src/agents/shared/launcher-title.js';
import { cleanEnv, makeFakeAgent } from './fake-agent.js';
import { FakeDaemon, cleanUpFakes, delay, stateAck, statusWith, tempSocketPath, until } from './fake-daemon.js';

afterEach(cleanUpFakes);

describe('launcher options (agent-adapters.md §A.7, §B.8.1)', () => {
  it('stops at the first foreign argument and removes one leading --', () => {
    expect(parseLauncherArgs(['--label', 'docs', 'resume', '--label', 'x'], 'codex')).toMatchObject({ label: 'docs', agentArgs: ['resume', '--label', 'x'] });
    expect(parseLauncherArgs(['--', '--', 'x'], 'codex').agentArgs).toEqual(['--', 'x']);
    expect(parseLauncherArgs(['--model', 'o3'], 'codex').agentArgs).toEqual(['--model', 'o3']);
    expect(parseLauncherArgs(['--claude=/bin/c', '--approval-timeout=2.5', '--no-terminal-title'], 'claude')).toMatchObject({
      agentBin: '/bin/c',
      approvalTimeout: 2.5,
      terminalTitle: false,
      agentArgs: [],
    });
    expect(parseLauncherArgs([], 'codex')).toMatchObject({ agentBin: 'codex', approvalTimeout: 60, terminalTitle: true, label: null, socket: undefined });
  });

  it('validates the label before the timeout, with the spec messages', () => {
    expect(() => parseLauncherArgs(['--label', ' ', '--approval-timeout', '0'], 'codex')).toThrow('session label must not be empty');
    expect(() => parseLauncherArgs(['--approval-timeout', '-1'], 'codex')).toThrow('approval_timeout must be positive');
    expect(() => parseLauncherArgs(['--approval-timeout', 'soon'], 'codex')).toThrow(LauncherUsageError);
    expect(() => parseLauncherArgs(['--label'], 'codex')).toThrow('--label requires a value');
  });

  it('replaces inherited label and title flag in the child environment', () => {
    const env = launcherChildEnv({ PATH: '/bin', PAD_LATTICE_LABEL: 'stale', PAD_LATTICE_TERMINAL_TITLE: '1' }, { leaseId: 'l', socket: '/s', label: null });
    expect(env).toEqual({ PATH: '/bin', PAD_LATTICE_LEASE_ID: 'l', PAD_LATTICE_SOCKET: '/s' });
  });
});

describe('agent child (agent-adapters.md §A.7 step 8)', () => {
  it('maps a signal death to 128 + n', () => {
    expect(exitStatus(17, null)).toBe(17);
    expect(exitStatus(null, 'SIGTERM')).toBe(143);
    expect(exitStatus(null, 'SIGHUP')).toBe(129);
  });

  it('forwards SIGHUP once and reports a spawn failure without throwing', async () => {
    const agent = makeFakeAgent({ waitForSigterm: true });
    const signals = new EventEmitter();
    const running = runAgentChild({ command: agent.bin, args: [], env: cleanEnv(agent.env), signals, stdio: 'ignore' });
    await until(() => agent.record() !== null, 'the child');
    signals.emit('SIGHUP');
    signals.emit('SIGHUP');
    expect(await running).toEqual({ kind: 'exited', status: 129, signal: 'SIGHUP' });
    const failed = await runAgentChild({ command: '/nonexistent/agent', args: [], env: cleanEnv(), signals });
    expect(failed.kind).toBe('spawn_failed');
  });
});

describe('launcher lease (agent-adapters.md §A.8)', () => {
  it('reports a missing daemon as a failed first attempt and closes promptly while retrying', async () => {
    const lease = LauncherLease.start({ socketPath: tempSocketPath(), leaseId: 'a'.repeat(32), metadata: { cwd: '/w' } });
    expect(await lease.firstAttemptConnected()).toBe(false);
    expect(lease.connected).toBe(false);
    await lease.close();
  });

  it('counts a daemon that accepted the connection but acks late as reached: no "daemon unavailable" for a busy daemon', async () => {
    const socketPath = tempSocketPath();
    const accepted: Socket[] = [];
    const silent = createServer((socket) => accepted.push(socket));
    await new Promise<void>((resolve) => silent.listen(socketPath, resolve));
    const lease = LauncherLease.start({ socketPath, leaseId: 'b'.repeat(32), metadata: { cwd: '/w' } });
    try {
      expect(await lease.firstAttemptConnected()).toBe(true);
      expect(lease.connected).toBe(false);
    } finally {
      await lease.close();
      for (const socket of accepted) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('passes every session reported on the lease to onSession and remembers the identity', async () => {
    const daemon = await FakeDaemon.start();
    const seen: SessionReport[] = [];
    daemon.handler = (message, connection) => {
      if (message['type'] !== 'session_lease') return;
      setTimeout(() => {
        connection.send({
          protocol: 1,
          type: 'session_lease_bound',
          lease_id: message['lease_id'],
          session: stateAck('claude', 'abc123', { scene: 1, accent: 'cyan', label: 'docs' }),
        });
        connection.send({
          protocol: 1,
          type: 'session_lease_bound',
          lease_id: message['lease_id'],
          session: stateAck('claude', 'abc123', { scene: 2, accent: 'magenta', label: 'docs' }),
        });
      }, 50);
    };
    const lease = LauncherLease.start({ socketPath: daemon.socketPath, leaseId: 'b'.repeat(32), metadata: { cwd: '/w' }, onSession: (s) => seen.push(s) });
    expect(await lease.firstAttemptConnected()).toBe(true);
    await until(() => seen.length === 2, 'both bindings');
    expect(seen.map((s) => s.slot)).toEqual([0, 1]);
    expect(lease.identity).toEqual({ backend: 'claude', sessionId: 'abc123' });
    await lease.close();
    await until(() => daemon.connections.every((c) => c.ended), 'the lease connection to close');
  });

  it('sees a binding that arrives together with the first acknowledgement', async () => {
    const daemon = await FakeDaemon.start();
    const seen: SessionReport[] = [];
    const session = stateAck('claude', 'abc123', { scene: 3, accent: 'lime', label: 'docs' });
    daemon.handler = (message, connection) => {
      if (message['type'] === 'session_lease') connection.send({ protocol: 1, type: 'session_lease_bound', lease_id: message['lease_id'], session });
      if (message['type'] === 'status') connection.send(statusWith({ ...session, metadata: { cwd: '/w' } }));
    };
    const lease = LauncherLease.start({ socketPath: daemon.socketPath, leaseId: 'd'.repeat(32), metadata: { cwd: '/w' }, onSession: (s) => seen.push(s) });
    await until(() => seen.length === 1, 'the binding');
    expect(seen[0]).toMatchObject({ identity: { backend: 'claude', sessionId: 'abc123' }, slot: 2, accent: 'lime' });
    // The listener was attached before registering, so no status round trip was needed.
    expect(daemon.ofType('status')).toHaveLength(0);
    await lease.close();
  });

  it('does not reconnect after close', async () => {
    const daemon = await FakeDaemon.start();
    const lease = LauncherLease.start({ socketPath: daemon.socketPath, leaseId: 'c'.repeat(32), metadata: { cwd: '/w' }, retryMs: 20 });
    expect(await lease.firstAttemptConnected()).toBe(true);
    await lease.close();
    await delay(100);
    expect(daemon.ofType('session_lease')).toHaveLength(1);
  });
});

describe('launcher-owned title (agent-adapters.md §B.8.4)', () => {
  it('writes a title only when it changes, never for an overflow session, and puts the old one back', () => {
    const written: string[] = [];
    const title = new LauncherTitle((bytes) => written.push(bytes));
    const update = (session: SessionReport) => title.update(session);
    const report = (scene: number | null, accent: string): SessionReport => ({
      identity: { backend: 'claude', sessionId: 'abc' },
      state: 'running',
      slot: scene === null ? null : scene - 1,
      accent,
      selected: false,
      leased: true,
      label: 'docs',
    });
    update(report(1, 'cyan'));
    update(report(1, 'cyan'));
    update(report(2, 'magenta'));
    update(report(null, 'magenta'));
    title.restore();
    title.restore();
    expect(written).toEqual([PUSH_TITLE, '\x1b]0;[S1 CYAN] docs\x07', '\x1b]0;[S2 MAGENTA] docs\x07', POP_TITLE]);
  });

  it('restores nothing when it never wrote, and a throwing sink changes nothing', () => {
    const written: string[] = [];
    new LauncherTitle((bytes) => written.push(bytes)).restore();
    expect(written).toEqual([]);
    const broken = new LauncherTitle(() => {
      throw new Error('no terminal');
    });
    expect(() =>
      broken.update({ identity: { backend: 'codex', sessionId: 'x' }, state: 'running', slot: 0, accent: 'cyan', selected: false, leased: true, label: 'x' }),
    ).not.toThrow();
    expect(() => broken.restore()).not.toThrow();
  });
});
