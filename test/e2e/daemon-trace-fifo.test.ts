import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PadLatticeClient } from '../../src/client/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import { eventually, tempFolder, traceLines, writeFifo } from './helpers.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(REPO, 'dist/src/cli/main.js');

const APPROVE_LIT = 'B0 5B 15'; // CC 91 (approve) = 21, the approve "enabled" colour
const APPROVE_DARK = 'B0 5B 00';
const APPROVE_PRESS = 'B0 5B 7F';
const REJECT_PRESS = 'B0 5C 7F';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function startDaemon(args: string[], home: string): { child: ChildProcess; stderr(): string; exited: Promise<number | null> } {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npx tsc -p tsconfig.json; npm test does this)`);
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: '', PAD_LATTICE_PROFILE_PATH: '', PAD_LATTICE_SOCKET: '', NO_COLOR: '1' };
  const child = spawn(process.execPath, [CLI, 'daemon', ...args], { stdio: ['ignore', 'ignore', 'pipe'], env });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // 'close', not 'exit': only then has everything the child wrote on its pipes been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, stderr: () => stderr, exited };
}

async function answers(client: PadLatticeClient): Promise<boolean> {
  try {
    await client.ping();
    return true;
  } catch {
    return false;
  }
}

/** Index of the first line at or after `from` equal to `line`, or -1. */
const indexFrom = (lines: readonly string[], line: string, from: number) => {
  const index = lines.slice(from).indexOf(line);
  return index === -1 ? -1 : from + index;
};

describe('end to end: pad-lattice daemon with a trace output and a FIFO input', () => {
  it('lights approve for a waiting agent, delivers one action for one press, darkens approve after', async () => {
    const { dir, remove } = tempFolder('pl-e2e-');
    cleanups.push(remove);
    const socket = join(dir, 'd.sock');
    const trace = join(dir, 'pad.trace');
    const fifo = join(dir, 'pads.fifo');
    execFileSync('mkfifo', [fifo]);
    const daemon = startDaemon(
      [
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
      dir,
    );
    const client = new PadLatticeClient({ socketPath: socket, timeoutMs: 5000 });
    await eventually(() => answers(client), 'the daemon to answer');
    // It answers before its controllers are open; it says how to connect an agent once they are.
    await eventually(() => /connect an agent: .* send-state running/.test(daemon.stderr()), 'the controllers to be attached');
    expect(traceLines(trace).slice(0, 2)).toEqual(['F0 00 20 29 02 10 21 01 F7', 'F0 00 20 29 02 10 2C 03 F7']);
    const status = await client.status();
    expect(status.surfaces).toEqual([
      { kind: 'midi', profile: 'novation/launchpad/pro-mk1', visualProtocol: 1, input: `file:${fifo}`, output: `trace:${trace}` },
    ]);

    // The agent asks for approval the way the hooks do: a one-shot, request-scoped subscription.
    const agent = makeIdentity('e2e', 'session-1');
    await client.reportState('waiting_for_approval', { agent, reply: true });
    const first = await client.subscribeActions({ agent, actions: ['approve', 'reject'], requestId: 'request-7', oneShot: true });
    cleanups.push(() => void first.close());
    await eventually(() => traceLines(trace).includes(APPROVE_LIT), 'the approve pad to light');
    const litAt = traceLines(trace).lastIndexOf(APPROVE_LIT);

    writeFifo(fifo, `${APPROVE_PRESS}\n`);
    expect(await first.receive(10_000)).toEqual({ action: 'approve', agent, requestId: 'request-7' });
    // The one-shot subscription is used up: nothing advertises approve any more, so it goes dark.
    await eventually(() => indexFrom(traceLines(trace), APPROVE_DARK, litAt) > litAt, 'the approve pad to go dark');

    // A second request of the same agent gets the next press; the first subscriber got no second action.
    const second = await client.subscribeActions({ agent, actions: ['approve', 'reject'], requestId: 'request-8', oneShot: true });
    cleanups.push(() => void second.close());
    await eventually(() => traceLines(trace).lastIndexOf(APPROVE_LIT) > litAt, 'approve to light again');
    writeFifo(fifo, `${REJECT_PRESS}\n`);
    expect(await second.receive(10_000)).toEqual({ action: 'reject', agent, requestId: 'request-8' });
    const more = await first.receive(500).then(
      (event) => event,
      (error: unknown) => error,
    );
    expect(more).not.toHaveProperty('action');

    await first.close();
    await second.close();
    daemon.child.kill('SIGTERM');
    expect(await daemon.exited).toBe(0);
    // On the way out the profile's shutdown sequence ends the trace.
    expect(traceLines(trace).slice(-2)).toEqual(['F0 00 20 29 02 10 22 00 F7', 'F0 00 20 29 02 10 21 00 F7']);
  });

  it('without options, keeps running with no controller, saying how to connect an agent', async () => {
    const { dir, remove } = tempFolder('pl-e2e-');
    cleanups.push(remove);
    const socket = join(dir, 'd.sock');
    const daemon = startDaemon(['--socket', socket, '--identity-store', join(dir, 'ids.json')], dir);
    const client = new PadLatticeClient({ socketPath: socket, timeoutMs: 5000 });
    await eventually(() => answers(client), 'the daemon to answer');
    await eventually(() => /connect an agent: .* send-state running/.test(daemon.stderr()), 'the controller search to start');
    expect(daemon.stderr()).toContain(
      'MIDI: looking for controllers (opened automatically: novation/launchpad/mini-mk3, novation/launchpad/mk2, novation/launchpad/pro-mk1, novation/launchpad/x;',
    );
    await client.reportState('running', { agent: makeIdentity('e2e', 'headless'), reply: true });
    expect((await client.status()).sessions).toHaveLength(1);
    daemon.child.kill('SIGTERM');
    expect(await daemon.exited).toBe(0);
  });

  it('refuses an unknown profile (exit 1) and a trace port without a profile (a usage error, before the socket is made)', async () => {
    const { dir, remove } = tempFolder('pl-e2e-');
    cleanups.push(remove);
    const unknown = startDaemon(['--profile', 'x/y/z', '--socket', join(dir, 'a.sock')], dir);
    expect(await unknown.exited).toBe(1);
    expect(unknown.stderr()).toContain('unknown device profile: x/y/z');
    const noProfile = startDaemon(['--output', 'trace:-', '--input', 'file:/dev/null', '--socket', join(dir, 'b.sock')], dir);
    expect(await noProfile.exited).toBe(2);
    expect(noProfile.stderr()).toContain('trace: and file: ports need --profile or --profile-file');
    expect(noProfile.stderr()).not.toContain('listening on');
  });
});
