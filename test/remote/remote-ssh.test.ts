import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LauncherLease } from '../../src/agents/shared/launcher-lease.js';
import { DaemonDisconnectedError, PadLatticeClient, type ActionSubscription, type StatusSessionReport } from '../../src/client/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import { loadSoPeerCred } from '../../src/unix-socket/so-peercred.js';
import { eventually, tempFolder, traceLines, writeFifo } from '../e2e/helpers.js';
import { signal, startSshd, type TestSshd } from './sshd-harness.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(REPO, 'dist/src/cli/main.js');

// Launchpad Pro MK1 (the trace profile): CC 91 is Approve; 21 lit, 0 dark, 7F a press.
const APPROVE_LIT = 'B0 5B 15';
const APPROVE_DARK = 'B0 5B 00';
const APPROVE_PRESS = 'B0 5B 7F';

const AGENT = makeIdentity('claude', 's1');
const ON_PAD = makeIdentity('claude@devbox', 's1');
const LEASE_ID = '0123456789abcdef0123456789abcdef';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Started {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  readonly exited: Promise<number | null>;
}

function startCli(args: readonly string[], env: NodeJS.ProcessEnv): Started {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npm test does this)`);
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

type RemoteEventJson = Record<string, unknown> & { event: string };

function events(remote: Started): RemoteEventJson[] {
  return remote
    .stdout()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RemoteEventJson);
}

async function nthEvent(remote: Started, name: string, n: number, timeoutMs = 30_000): Promise<RemoteEventJson> {
  const found = () => events(remote).filter((event) => event.event === name)[n - 1];
  await eventually(() => found() !== undefined, `event ${name} #${n} (so far: ${remote.stdout()} ${remote.stderr()})`, timeoutMs);
  return found()!;
}

async function padSession(client: PadLatticeClient): Promise<StatusSessionReport | undefined> {
  const status = await client.status();
  return status.sessions.find((session) => session.identity.backend === ON_PAD.backend && session.identity.sessionId === ON_PAD.sessionId);
}

/** What the hooks of `pad-lattice claude` do for a permission request: report the state, then wait for one decision. */
async function askForApproval(remoteClient: PadLatticeClient, requestId: string): Promise<ActionSubscription> {
  await remoteClient.reportState('waiting_for_approval', { agent: AGENT, leaseId: LEASE_ID, metadata: { label: 'far' } });
  const subscription = await remoteClient.subscribeActions({ agent: AGENT, actions: ['approve', 'reject'], requestId, oneShot: true });
  cleanups.push(() => subscription.close());
  return subscription;
}

/** Resolves to the next action, or to what ended the wait (timeout, disconnect). */
const nextOrEnd = (subscription: ActionSubscription, ms: number) =>
  subscription.receive(ms).then(
    (event) => event,
    (error: unknown) => error,
  );

/** A daemon (trace output, FIFO input), a real sshd on loopback, and `pad-lattice remote --json` linking them. */
async function linkedPad(sshArgs: (sshd: TestSshd) => readonly string[] = (sshd) => sshd.clientArgs) {
  const { dir, remove } = tempFolder('pl-ssh-');
  cleanups.push(remove);
  const sshd: TestSshd = await startSshd(dir);
  cleanups.push(() => sshd.stop());

  const socket = join(dir, 'd.sock');
  const trace = join(dir, 'pad.trace');
  const fifo = join(dir, 'pads.fifo');
  execFileSync('mkfifo', [fifo]);
  const baseEnv = { ...process.env, HOME: dir, XDG_CONFIG_HOME: '', PAD_LATTICE_PROFILE_PATH: '', PAD_LATTICE_SOCKET: '', NO_COLOR: '1', SSH_AUTH_SOCK: '' };
  const daemon = startCli(
    [
      'daemon',
      '--profile',
      'novation/launchpad/pro-mk1',
      '--output',
      `trace:${trace}`,
      '--input',
      `file:${fifo}`,
      '--socket',
      socket,
      '--identity-store',
      join(dir, 'ids.json'),
      '--no-greeting',
    ],
    baseEnv,
  );
  const local = new PadLatticeClient({ socketPath: socket, timeoutMs: 5_000 });
  await eventually(
    () =>
      local.ping().then(
        () => true,
        () => false,
      ),
    'the daemon to answer',
  );
  // The uid rule is really enforced on both sockets here, so the forwarded connections below pass a real check.
  // The daemon answers before its log line has crossed the pipe, so wait for the line.
  await eventually(() => daemon.stderr().includes('peer uid checked with SO_PEERCRED'), 'the peer-credential log line', 15_000);
  expect(loadSoPeerCred().available).toBe(true);

  const runtime = join(dir, 'run');
  mkdirSync(runtime, { mode: 0o700 });
  const remote = startCli(
    ['remote', '127.0.0.1', '--name', 'devbox', '--socket', socket, '--remote-dir', join(dir, 'far'), '--keepalive', '1', '--json', '--', ...sshArgs(sshd)],
    { ...baseEnv, XDG_RUNTIME_DIR: runtime },
  );
  const connected = await nthEvent(remote, 'connected', 1);
  const remoteSocket = join(dir, 'far', 'pad-lattice.sock');
  expect(connected).toMatchObject({
    host: 'devbox',
    remote_socket: remoteSocket,
    relay_socket: join(runtime, 'pad-lattice-remote', 'devbox.sock'),
    reconnected: false,
  });
  return { sshd, local, trace, fifo, remote, remoteSocket, runtime, baseEnv, connected };
}

describe('pad-lattice remote over a real OpenSSH server on 127.0.0.1', () => {
  it('relays a remote agent, delivers one press, drops its session with the link and brings it back', { timeout: 180_000 }, async () => {
    const { sshd, local, trace, fifo, remote, remoteSocket, runtime } = await linkedPad();

    // On the "remote host": a launcher's lease and a hook's approval request, through the forwarded socket.
    const remoteClient = new PadLatticeClient({ socketPath: remoteSocket, timeoutMs: 5_000 });
    const lease = LauncherLease.start({ socketPath: remoteSocket, leaseId: LEASE_ID, metadata: { label: 'far', cwd: '/work/far' } });
    cleanups.push(() => lease.close());
    expect(await lease.firstAttemptConnected(10_000)).toBe(true);
    const first = await askForApproval(remoteClient, 'r1');
    const ack = await remoteClient.reportState('waiting_for_approval', { agent: AGENT, leaseId: LEASE_ID, reply: true });
    expect(ack).toMatchObject({ identity: AGENT, state: 'waiting_for_approval', leased: true, label: 'far' });
    expect(await padSession(local)).toMatchObject({
      state: 'waiting_for_approval',
      leased: true,
      label: 'far',
      metadata: { remote_host: 'devbox', cwd: '/work/far' },
    });

    // One press on the pad: exactly one action, under the id the remote agent knows.
    await eventually(() => traceLines(trace).includes(APPROVE_LIT), 'approve to light');
    const litAt = traceLines(trace).lastIndexOf(APPROVE_LIT);
    writeFifo(fifo, `${APPROVE_PRESS}\n`);
    expect(await first.receive(10_000)).toEqual({ action: 'approve', agent: AGENT, requestId: 'r1' });
    await eventually(() => traceLines(trace).lastIndexOf(APPROVE_DARK) > litAt, 'approve to go dark once the one-shot is used');
    writeFifo(fifo, `${APPROVE_PRESS}\n`);
    expect(await nextOrEnd(first, 500)).not.toHaveProperty('action');

    // A second request waits; then the link dies (every sshd process of the link is killed).
    const pending = await askForApproval(remoteClient, 'r2');
    await eventually(() => traceLines(trace).lastIndexOf(APPROVE_LIT) > litAt, 'approve to light for the second request');
    for (const pid of sshd.linkProcesses()) signal(pid, 'SIGKILL');
    const dropped = await nthEvent(remote, 'dropped', 1);
    expect(String(dropped['reason'])).toMatch(/^ssh: /);
    await eventually(async () => (await padSession(local)) === undefined, 'the leased session to leave the pad');
    // The frame that darkens Approve reaches the trace after the session has left `status` (the next frame).
    await eventually(
      () => traceLines(trace).lastIndexOf(APPROVE_DARK) > traceLines(trace).lastIndexOf(APPROVE_LIT),
      'approve to go dark once the session left',
    );
    const darkAt = traceLines(trace).lastIndexOf(APPROVE_DARK);
    // The waiting hook learns at once that its subscription is gone (it falls back to the terminal), and a
    // press made after the drop answers nothing.
    writeFifo(fifo, `${APPROVE_PRESS}\n`);
    expect(await nextOrEnd(pending, 2_000)).toBeInstanceOf(DaemonDisconnectedError);

    // The link comes back by itself; the launcher's lease reconnects through it and the session returns.
    expect(await nthEvent(remote, 'connected', 2)).toMatchObject({ reconnected: true, remote_socket: remoteSocket });
    await eventually(async () => (await padSession(local))?.leased === true, 'the session to return', 30_000);
    expect(await padSession(local)).toMatchObject({ label: 'far', metadata: { remote_host: 'devbox' } });
    const third = await askForApproval(remoteClient, 'r3');
    await eventually(() => traceLines(trace).lastIndexOf(APPROVE_LIT) > darkAt, 'approve to light after the reconnect');
    writeFifo(fifo, `${APPROVE_PRESS}\n`);
    expect(await third.receive(10_000)).toEqual({ action: 'approve', agent: AGENT, requestId: 'r3' });

    // A link that goes silent (its sshd frozen, TCP still up) counts as dropped after three missed heartbeats.
    const frozen = sshd.linkProcesses();
    for (const pid of frozen) signal(pid, 'SIGSTOP');
    cleanups.push(() => frozen.forEach((pid) => signal(pid, 'SIGKILL')));
    expect(String((await nthEvent(remote, 'dropped', 2))['reason'])).toMatch(/^no word from the host for \d+ s$/);
    await eventually(async () => (await padSession(local)) === undefined, 'the silent link to take the session off the pad');
    // The next link ends the frozen sshd on the remote side, so the agent's connections move to the new one.
    await nthEvent(remote, 'connected', 3);
    await eventually(async () => (await padSession(local))?.leased === true, 'the session to return after the stall', 30_000);

    // Ctrl-C ends the link: the host's sessions leave the pad and the relay socket is gone.
    remote.child.kill('SIGINT');
    expect(await remote.exited).toBe(0);
    await eventually(async () => (await padSession(local)) === undefined, 'the session to leave when the link is stopped');
    expect(existsSync(join(runtime, 'pad-lattice-remote', 'devbox.sock'))).toBe(false);
    expect(events(remote).filter((event) => event.event === 'action_dropped')).toEqual([]);
  });

  it('takes sessions reported without a lease (plain state, send-state) off the pad with the link, and says why it dropped', { timeout: 180_000 }, async () => {
    // Every ssh of the link prints a known-hosts notice while it connects; a later drop must not be blamed on it.
    const noisy = (sshd: TestSshd) => ['-o', 'UserKnownHostsFile=/dev/null', '-o', 'LogLevel=INFO', ...sshd.clientArgs];
    const { local, trace, fifo, remote, remoteSocket, baseEnv, connected } = await linkedPad(noisy);
    const onRemote = { ...baseEnv, PAD_LATTICE_SOCKET: remoteSocket };
    const sendState = async (state: string) => {
      const sent = startCli(['send-state', state, '--backend', 'codex', '--session-id', 's2'], onRemote);
      expect(await sent.exited).toBe(0);
    };
    const hostSessions = async () =>
      (await local.status()).sessions.filter((s) => s.identity.backend.endsWith('@devbox')).map((s) => [s.identity.backend, s.state, s.leased]);

    // The reference client's way: a plain `state` without a lease, then a one-shot subscription that waits.
    const remoteClient = new PadLatticeClient({ socketPath: remoteSocket, timeoutMs: 5_000 });
    await remoteClient.reportState('waiting_for_approval', { agent: AGENT, metadata: { label: 'plain' } });
    const waiting = await remoteClient.subscribeActions({ agent: AGENT, actions: ['approve', 'reject'], requestId: 'r1', oneShot: true });
    cleanups.push(() => waiting.close());
    await sendState('running');
    expect(await hostSessions()).toEqual([
      ['claude@devbox', 'waiting_for_approval', false],
      ['codex@devbox', 'running', false],
    ]);
    await eventually(() => traceLines(trace).includes(APPROVE_LIT), 'approve to light');

    // The forward ssh dies: the drop names the signal, and both unleased sessions leave at once.
    signal(Number(connected['ssh_pid']), 'SIGKILL');
    expect((await nthEvent(remote, 'dropped', 1))['reason']).toBe('ssh was killed by SIGKILL');
    expect(await hostSessions()).toEqual([]);
    await eventually(
      () => traceLines(trace).lastIndexOf(APPROVE_DARK) > traceLines(trace).lastIndexOf(APPROVE_LIT),
      'approve to go dark once the session left',
    );
    writeFifo(fifo, `${APPROVE_PRESS}\n`);
    expect(await nextOrEnd(waiting, 2_000)).toBeInstanceOf(DaemonDisconnectedError);

    // Back again: a one-shot reporter shows with its next report. ssh catches SIGTERM and exits 255, silently.
    const again = await nthEvent(remote, 'connected', 2);
    await sendState('waiting_for_reply');
    expect(await hostSessions()).toEqual([['codex@devbox', 'waiting_for_reply', false]]);
    signal(Number(again['ssh_pid']), 'SIGTERM');
    expect((await nthEvent(remote, 'dropped', 2))['reason']).toBe('ssh exited with status 255');
    expect(await hostSessions()).toEqual([]);
    expect(events(remote).some((event) => String(event['reason']).includes('known hosts'))).toBe(false);

    // Ctrl-C ends the link; an unleased session leaves with it too.
    await nthEvent(remote, 'connected', 3);
    await sendState('running');
    expect(await hostSessions()).toEqual([['codex@devbox', 'running', false]]);
    remote.child.kill('SIGINT');
    expect(await remote.exited).toBe(0);
    expect(await hostSessions()).toEqual([]);
    expect(events(remote).filter((event) => event.event === 'sessions_not_ended' || event.event === 'action_dropped')).toEqual([]);
  });
});
