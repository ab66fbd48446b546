import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { runDaemon, type RunningDaemon } from '../client/daemon-harness.js';
import { removeTempSocketDirs } from '../client/fake-daemon.js';

/*
 * `pad-lattice … | head -1`: the reader of stdout goes away early. Every
 * command then stops quietly with status 0: no "Error: write EPIPE", no
 * stack trace. The built program is spawned and its stdout's reading end
 * closed before it writes anything, so its first write meets the closed pipe.
 */

const BIN = fileURLToPath(new URL('../../dist/src/cli/bin.js', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'pl-closed-out-'));
let daemon: RunningDaemon;

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "npm run build" first`);
  daemon = await runDaemon();
  await daemon.client.reportState('running', { agent: makeIdentity('codex', 'closed-pipe'), metadata: { label: 'pipe' } });
});
afterAll(async () => {
  await daemon.handle.close();
  removeTempSocketDirs();
  rmSync(home, { recursive: true, force: true });
});

/** Runs the CLI with its stdout's reader gone; resolves with its status and stderr. */
function runWithClosedStdout(args: readonly string[], stdin = ''): Promise<{ code: number | null; stderr: string }> {
  const env = { PATH: process.env['PATH'], HOME: home, XDG_RUNTIME_DIR: home, NO_COLOR: '1', PAD_LATTICE_SOCKET: daemon.socketPath };
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env });
  child.stdout.destroy();
  child.stdin.end(stdin);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr })));
}

const VIEW = `${JSON.stringify({ selected_state: 'running', sessions: [{ slot: 0, state: 'running', selected: true, accent: 'cyan', label: '' }] })}\n`;

describe('a closed stdout (`| head`) ends every command quietly', () => {
  it.each([
    [['--help'], ''],
    [['status', '--help'], ''],
    [['profile', 'list'], ''],
    [['doctor'], ''],
    [['udev-rules'], ''],
    [['render', '--profile', 'novation/launchpad/pro-mk1', '--initialize'], VIEW.repeat(50)],
    [['symbols', '--hold', '0.05'], ''],
    [['status', '--watch'], ''],
    [['status', '--json'], ''],
  ])('pad-lattice %j', async (args, stdin) => {
    const { code, stderr } = await runWithClosedStdout(args, stdin);
    expect(stderr).not.toMatch(/EPIPE|ERR_STREAM_DESTROYED|^\s+at /m);
    expect(code).toBe(0);
  });

  it('a daemon whose stdout reader leaves stops in order, as on SIGTERM: status 0, its socket and live link removed', async () => {
    const socket = join(home, 'web.sock');
    const { code, stderr } = await runWithClosedStdout(['web', '--port', '0', '--no-open', '--socket', socket, '--identity-store', join(home, 'ids.json')]);
    expect(stderr).not.toMatch(/EPIPE|ERR_STREAM_DESTROYED|^\s+at /m);
    expect(stderr).toContain('SIGTERM: shutting down');
    expect(code).toBe(0);
    expect(existsSync(socket)).toBe(false);
    expect(existsSync(`${socket}.admin-link.json`)).toBe(false);
  });

  it('through a shell pipe into head, only the first line arrives and the status is 0', async () => {
    const script = `node ${JSON.stringify(BIN)} profile list 2>"$ERR" | head -1; echo "status=\${PIPESTATUS[0]}"`;
    const err = join(home, 'stderr.txt');
    const child = spawn('bash', ['-c', script], { env: { PATH: process.env['PATH'], HOME: home, NO_COLOR: '1', ERR: err } });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    await new Promise((resolve) => child.once('close', resolve));
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\S+\/\S+\t/);
    expect(lines[1]).toBe('status=0');
    expect(readFileSync(err, 'utf8')).not.toMatch(/EPIPE|^\s+at /m);
  });
});
