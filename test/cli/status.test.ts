import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PadLatticeClient } from '../../src/client/index.js';
import { watchStatus } from '../../src/cli/commands/status.js';
import { makeIdentity } from '../../src/domain/index.js';
import { runDaemon, eventually, type RunningDaemon } from '../client/daemon-harness.js';
import { removeTempSocketDirs, tempSocketPath } from '../client/fake-daemon.js';
import { captureIo } from '../helpers/capture-io.js';
import { pl } from './run.js';

const ESC = '\x1b';
let running: RunningDaemon[] = [];

afterEach(async () => {
  for (const daemon of running) await daemon.handle.close();
  running = [];
  removeTempSocketDirs();
});

async function daemonWithSessions(socketPath?: string): Promise<RunningDaemon> {
  const daemon = await runDaemon(socketPath);
  running.push(daemon);
  await daemon.client.reportState('waiting_for_approval', {
    agent: makeIdentity('codex', '019f28ff-aaaa'),
    metadata: { cwd: '/home/dev/pad-lattice', label: 'impl' },
  });
  await daemon.client.reportState('running', { agent: makeIdentity('my-agent', 'session-42'), metadata: { label: 'indexer\u001b[31m' } });
  return daemon;
}

describe('pad-lattice status', () => {
  it('prints a plain legend without escape codes when NO_COLOR is set', async () => {
    const { socketPath } = await daemonWithSessions();
    const result = await pl(['status', '--socket', socketPath], { NO_COLOR: '1', FORCE_COLOR: '1' });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain(ESC);
    const lines = result.stdout.split('\n');
    expect(lines).toContain('Selected: codex/019f28ff-aaaa');
    expect(lines).toContain('Overflow: 0');
    expect(lines).toContain('Surfaces: midi:test/recording');
    const rows = lines.filter((line) => /^ {2}[> ] S\d/.test(line));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^ {2}> S1 +cyan +waiting_for_approval +impl +pad-lattice +019f28f… +ttl$/);
    // The label's escape sequence is shown, not obeyed: the ESC byte is written as \x1b.
    expect(rows[1]).toMatch(/^ {4}S2 +magenta +running +indexer\\x1b\[31m +- +session… +ttl$/);
  });

  it('shows bidi controls, zero-width characters and C1 controls in a label as escapes, in text and in --json', async () => {
    const daemon = await runDaemon();
    running.push(daemon);
    const label = 'ok\u202e\u2066gnp.exe\u200b\u009b2J';
    await daemon.client.reportState('running', { agent: makeIdentity('spoof', 's1'), metadata: { label } });
    const text = await pl(['status', '--socket', daemon.socketPath]);
    // The label column is 24 code points wide, so the escapes show and the rest is cut.
    expect(text.stdout).toContain('ok\\u202e\\u2066gnp.exe\\u…');
    const json = await pl(['status', '--json', '--socket', daemon.socketPath]);
    for (const output of [text.stdout, json.stdout]) expect(output).not.toMatch(/[\u202e\u2066\u200b\u009b]/);
    expect((JSON.parse(json.stdout) as { sessions: { label: string }[] }).sessions[0]!.label).toBe(label);
  });

  it('gives every accent a 24-bit swatch in its reference RGB when colour is on', async () => {
    const { socketPath } = await daemonWithSessions();
    const result = await pl(['status', '--socket', socketPath], { FORCE_COLOR: '1' });
    expect(result.stdout).toContain(`${ESC}[48;2;0;174;187m  ${ESC}[49m cyan`);
    expect(result.stdout).toContain(`${ESC}[48;2;200;62;201m  ${ESC}[49m magenta`);
  });

  it('says so when there are no sessions', async () => {
    const daemon = await runDaemon();
    running.push(daemon);
    const result = await pl(['status', '--socket', daemon.socketPath]);
    expect(result.stdout).toContain('Sessions: none\n');
  });

  it('--json prints the status message with wire member names', async () => {
    const { socketPath } = await daemonWithSessions();
    const result = await pl(['status', '--json', '--socket', socketPath]);
    expect(result.code).toBe(0);
    const status = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(status).toMatchObject({
      protocol: 1,
      type: 'status',
      selected: { backend: 'codex', session_id: '019f28ff-aaaa' },
      overflow_count: 0,
      preview_active: false,
      session_ttl: 86400,
    });
    expect((status['sessions'] as unknown[])[0]).toEqual({
      backend: 'codex',
      session_id: '019f28ff-aaaa',
      state: 'waiting_for_approval',
      slot: 0,
      accent: 'cyan',
      selected: true,
      leased: false,
      label: 'impl',
      metadata: { cwd: '/home/dev/pad-lattice', label: 'impl' },
    });
  });

  it('exits 3 without a daemon, and 2 for --json with --watch or a bad --interval', async () => {
    const missing = await pl(['status', '--socket', tempSocketPath()]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('no Pad-Lattice daemon is running');
    expect((await pl(['status', '--json', '--watch'])).code).toBe(2);
    expect((await pl(['status', '--watch', '--interval', '-1'])).code).toBe(2);
  });

  it('a --socket that is a regular file or a folder is named as not a socket, with the fix, not as a daemon to start', async () => {
    const dir = dirname(tempSocketPath());
    const file = join(dir, 'not-a-socket');
    writeFileSync(file, 'plain text\n');
    for (const [path, what] of [
      [file, 'a regular file'],
      [dir, 'a folder'],
    ] as const) {
      for (const args of [['status'], ['status', '--watch']]) {
        const result = await pl([...args, '--socket', path]);
        expect(result.code).toBe(3);
        expect(result.stderr).toBe(
          `pad-lattice status: ${path} is not a socket (${what}): pass the daemon's socket with --socket, or leave --socket out for the default\n`,
        );
      }
    }
  });

  it('--watch started before any daemon says so, waits, and shows the daemon once it starts', async () => {
    const socketPath = tempSocketPath();
    const io = captureIo('', { NO_COLOR: '1' });
    const stop = new AbortController();
    const watching = watchStatus(new PadLatticeClient({ socketPath }), io.io, 0.01, stop.signal);
    expect(await eventually(() => io.stdout().includes(`No daemon yet at ${socketPath}; waiting for one to start`))).toBe(true);
    const daemon = await runDaemon(socketPath);
    running.push(daemon);
    await daemon.client.reportState('running', { agent: makeIdentity('late', 'comer') });
    expect(await eventually(() => io.stdout().includes('late/comer'))).toBe(true);
    stop.abort();
    expect(await watching).toBe(0);
  });

  it('--watch redraws until stopped and keeps going across a daemon restart', async () => {
    const first = await daemonWithSessions();
    // The client's default timeout: a stopped daemon is refused at once (unavailable), while a
    // 500 ms read timeout ended the watch when the restarted daemon answered slowly under load.
    const client = new PadLatticeClient({ socketPath: first.socketPath });
    const io = captureIo('', { NO_COLOR: '1' });
    const stop = new AbortController();
    const watching = watchStatus(client, io.io, 0.01, stop.signal);
    const frames = () => io.stdout().split('Surface profile:').length - 1;
    expect(await eventually(() => frames() >= 2)).toBe(true);

    await first.handle.close();
    running = [];
    expect(await eventually(() => io.stdout().includes('Daemon unavailable'))).toBe(true);

    const second = await runDaemon(first.socketPath);
    running.push(second);
    await second.client.reportState('success', { agent: makeIdentity('back', 'again') });
    expect(await eventually(() => io.stdout().includes('back/again'))).toBe(true);

    stop.abort();
    expect(await watching).toBe(0);
  });
});
