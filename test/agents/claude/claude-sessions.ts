import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PadLatticeClient, StatusSessionReport } from '../../../src/client/index.js';
import { privateTempDir, until } from '../shared/fake-daemon.js';
import { FAKE_CLAUDE, readRecord, type FakeClaudeRecord } from './launcher-harness.js';

/*
 * The end-to-end pieces both Claude end-to-end tests share: `pad-lattice
 * claude` as its own process around the fake claude, and waits on the real
 * daemon's `status`.
 */

export const ALLOW = '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}\n';
export const DENY = '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"Rejected from Pad-Lattice."}}}\n';

/** One `pad-lattice claude` process; the fake claude inside keeps running until `release` exists. */
export interface ClaudeLaunch {
  readonly child: ChildProcess;
  readonly record: string;
  readonly release: string;
  readonly exit: Promise<number | null>;
  /** Everything the launcher printed, stdout and stderr together. */
  readonly output: () => string;
}

/** Starts `pad-lattice claude` (`cli`: the program and its leading arguments) so that the fake claude runs a SessionStart, then a PermissionRequest hook. */
export function launchClaude(cli: readonly string[], socket: string, sessionId: string, label: string): ClaudeLaunch {
  const dir = privateTempDir('pl-claude-e2e-');
  const record = join(dir, 'record.json');
  const release = join(dir, 'release');
  const hooks = [
    { session_id: sessionId, cwd: dir, hook_event_name: 'SessionStart', source: 'startup', model: 'claude-test' },
    { session_id: sessionId, cwd: dir, hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'npm test' } },
  ];
  const [program = '', ...leading] = cli;
  const child = spawn(program, [...leading, 'claude', '--socket', socket, '--claude', FAKE_CLAUDE, '--label', label, '--approval-timeout', '30'], {
    cwd: dir,
    // Its own session: the launcher's title write finds no terminal instead of retitling the test runner's.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env['PATH'],
      HOME: dir,
      XDG_RUNTIME_DIR: privateTempDir('pl-claude-rt-'),
      FAKE_CLAUDE_VERSION: '2.1.120 (Claude Code)',
      FAKE_CLAUDE_RECORD: record,
      FAKE_CLAUDE_HOOKS: JSON.stringify(hooks),
      FAKE_CLAUDE_WAIT_FOR: release,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, record, release, exit, output: () => output };
}

/** The hooks the fake claude has finished so far, with what each printed. */
export function hooksDone(launched: ClaudeLaunch): FakeClaudeRecord['hooks'] {
  return readRecord(launched.record)?.hooks ?? [];
}

/** Lets every fake claude exit, so each launcher ends on its own. */
export function releaseAll(launches: readonly ClaudeLaunch[]): void {
  for (const launched of launches) writeFileSync(launched.release, '');
}

/** After a failure: kills what is still running, launcher and fake claude together (each leads its own process group). */
export function killAll(launches: readonly ClaudeLaunch[]): void {
  for (const launched of launches) {
    if (launched.child.exitCode === null && launched.child.signalCode === null && launched.child.pid !== undefined)
      process.kill(-launched.child.pid, 'SIGKILL');
  }
}

/** Asks the daemon's `status` until `check` holds for its sessions. */
export async function untilSessions(
  client: PadLatticeClient,
  check: (sessions: readonly StatusSessionReport[]) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  await until(async () => check((await client.status()).sessions), what, timeoutMs, 20);
}

/** The status entry of one Claude session, if the daemon has it. */
export async function sessionOf(client: PadLatticeClient, sessionId: string): Promise<StatusSessionReport | undefined> {
  return (await client.status()).sessions.find((s) => s.identity.sessionId === sessionId);
}
