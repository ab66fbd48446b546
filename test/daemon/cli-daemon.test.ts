import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { linkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDaemonCommand } from '../../src/cli/commands/daemon.js';
import type { DaemonHandle, DaemonOptions } from '../../src/daemon/daemon.js';
import { alreadyRunning } from '../../src/daemon/socket/socket-errors.js';
import { captureIo } from '../helpers/capture-io.js';
import { makeSocketDir } from './helpers/test-daemon.js';
import { WireClient, eventually } from './helpers/wire-client.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(REPO, 'dist/src/cli/main.js');
const DIST_DAEMON = join(REPO, 'dist/src/daemon/daemon.js');
const DIST_SIGNALS = join(REPO, 'dist/src/daemon/shutdown-signals.js');

interface Running {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  stderr(): string;
}

const children: ChildProcess[] = [];
const dirs: (() => void)[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const remove of dirs.splice(0)) remove();
});

function run(args: string[]): Running {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npx tsc -p tsconfig.json; npm test does this)`);
  return track(spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } }));
}

function track(child: ChildProcess): Running {
  children.push(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // 'close', not 'exit': only then has everything the child wrote on its pipes been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

function socketDir() {
  const dir = makeSocketDir();
  dirs.push(dir.remove);
  return dir;
}

function startCli(path: string, dir: string): Running {
  return run([CLI, 'daemon', '--socket', path, '--identity-store', join(dir, 'ids.json')]);
}

async function answersPing(path: string): Promise<boolean> {
  try {
    const client = await WireClient.connect(path);
    client.send({ protocol: 1, type: 'ping' });
    const line = await client.nextLine(2000);
    client.destroy();
    return line === '{"protocol":1,"type":"pong"}';
  } catch {
    return false;
  }
}

async function ready(path: string): Promise<void> {
  await eventually(() => answersPing(path), 15_000, `daemon answering on ${path}`);
}

describe('pad-lattice daemon (spawned CLI)', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`creates the socket 0600 and removes it after ${signal}`, async () => {
      const { dir, path } = socketDir();
      const daemon = startCli(path, dir);
      await ready(path);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      // The log line may reach the pipe after the first answer; wait for it rather than read too early.
      await eventually(() => daemon.stderr().includes('peer uid checked with SO_PEERCRED'), 15_000, 'the peer-credential log line');
      daemon.child.kill(signal);
      expect(await daemon.exited).toBe(0);
      expect(existsSync(path)).toBe(false);
    });
  }

  it('refuses a second daemon on the same path; the first keeps serving', async () => {
    const { dir, path } = socketDir();
    const first = startCli(path, dir);
    await ready(path);
    const second = startCli(path, dir);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain('another Pad-Lattice daemon is already running');
    expect(await answersPing(path)).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('replaces a stale socket file', async () => {
    const { dir, path } = socketDir();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(`${path}.orig`, resolve));
    linkSync(`${path}.orig`, path);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await answersPing(path)).toBe(false);
    const daemon = startCli(path, dir);
    await ready(path);
    daemon.child.kill('SIGTERM');
    expect(await daemon.exited).toBe(0);
  });

  for (const [name, ending, code] of [
    ['an uncaught error', "setTimeout(() => { throw new Error('boom'); }, 20);", 1],
    ['process.exit', 'setTimeout(() => process.exit(0), 20);', 0],
  ] as const) {
    it(`removes the socket file when the process ends by ${name}`, async () => {
      const { path } = socketDir();
      const script = `
        const { startDaemon } = await import(${JSON.stringify(DIST_DAEMON)});
        const { runUntilSignalled } = await import(${JSON.stringify(DIST_SIGNALS)});
        const log = { info() {}, warn() {}, error(m) { process.stderr.write(m + '\\n'); } };
        const handle = await startDaemon({ socketPath: ${JSON.stringify(path)} });
        runUntilSignalled(handle, log);
        process.stderr.write('ready\\n');
        ${ending}`;
      const child = track(spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] }));
      expect(await child.exited).toBe(code);
      expect(child.stderr()).toContain('ready');
      expect(existsSync(path)).toBe(false);
    });
  }
});

describe('pad-lattice daemon options', () => {
  function fakeDeps(fail?: Error) {
    const seen: DaemonOptions[] = [];
    const deps = {
      start: async (options: DaemonOptions) => {
        seen.push(options);
        if (fail) throw fail;
        return { close: async () => undefined, attach: () => true } as unknown as DaemonHandle;
      },
      waitForStop: async () => 'SIGTERM',
    };
    return { seen, command: makeDaemonCommand(deps) };
  }

  it('passes every option through', async () => {
    const { seen, command } = fakeDeps();
    const io = captureIo('', { NO_COLOR: '1' });
    const code = await command.run(
      [
        '--socket',
        '/tmp/x.sock',
        '--terminal-hold',
        '0.5',
        '--approve-hold',
        '3',
        '--session-ttl',
        '0',
        '--identity-store',
        '/tmp/ids.json',
        '--activity-motion',
      ],
      io.io,
    );
    expect(code).toBe(0);
    expect(seen[0]).toMatchObject({
      socketPath: '/tmp/x.sock',
      terminalHold: 0.5,
      approveHold: 3,
      sessionTtl: 0,
      identityStorePath: '/tmp/ids.json',
      activityMotion: true,
    });
  });

  it('defaults: no socket override, store under XDG_STATE_HOME, spec defaults', async () => {
    const { seen, command } = fakeDeps();
    await command.run([], captureIo('', { XDG_STATE_HOME: '/state' }).io);
    expect(seen[0]).toMatchObject({
      terminalHold: 2,
      approveHold: 1.5,
      sessionTtl: 86_400,
      identityStorePath: '/state/pad-lattice/identities.json',
      activityMotion: false,
    });
    expect(seen[0]).not.toHaveProperty('socketPath');
  });

  it('rejects a negative or non-numeric duration as a usage error', async () => {
    const { command } = fakeDeps();
    await expect(command.run(['--session-ttl', '-1'], captureIo().io)).rejects.toThrow(/--session-ttl/);
    await expect(command.run(['--terminal-hold', 'soon'], captureIo().io)).rejects.toThrow(/--terminal-hold/);
    await expect(command.run(['--approve-hold=-0.5'], captureIo().io)).rejects.toThrow(/--approve-hold must be a number >= 0/);
  });

  it('reports a refused startup on stderr with exit 1, before loading any profile', async () => {
    const { command } = fakeDeps(alreadyRunning('/tmp/x.sock'));
    const io = captureIo();
    expect(await command.run(['--json'], io.io)).toBe(1);
    const lines = io
      .stderr()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // The daemon starts first and opens its controllers only once it answers.
    expect(lines.map(({ time: _time, ...line }) => line)).toEqual([{ level: 'error', message: 'another Pad-Lattice daemon is already running: /tmp/x.sock' }]);
  });
});
