import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDaemon, type RunningDaemon } from '../client/daemon-harness.js';
import { removeTempSocketDirs } from '../client/fake-daemon.js';
import { pl } from './run.js';

/*
 * A usage error (exit 2) comes before anything a command does at run time:
 * before it asks a daemon, finds one already serving its socket, or opens a
 * controller. Each case runs twice: with a daemon answering on the socket
 * (as one does on a user's default socket) and with no daemon at all. A
 * check that ran after the runtime one would exit 1 or 3 in one of them.
 * (The agent hooks, codex-hook and claude-hook, exit 1 for a usage error on
 * purpose: exit 2 means "block" to Claude Code.)
 */

let daemon: RunningDaemon;
let empty: string;
beforeAll(async () => {
  daemon = await runDaemon();
  empty = mkdtempSync(join(tmpdir(), 'pl-usage-first-'));
});
afterAll(async () => {
  await daemon.handle.close();
  removeTempSocketDirs();
  rmSync(empty, { recursive: true, force: true });
});

const CASES: readonly (readonly [readonly string[], string])[] = [
  [['daemon', '--profile', 'novation/launchpad/mk2', '--profile-file', 'x.json'], 'use either --profile or --profile-file, not both'],
  [['daemon', '--output', 'trace:-'], 'trace: and file: ports need --profile or --profile-file'],
  [['daemon', '--profile', 'novation/launchpad/mk2', '--input', 'file:/dev/null'], '--input file:/dev/null needs --output'],
  [['daemon', '--profile', 'novation/launchpad/mk2', '--input', 'trace:x', '--output', 'trace:y'], "'trace:x' is an output"],
  [['daemon', '--approve-hold=-1'], '--approve-hold must be a number >= 0'],
  [['daemon', '--lan'], '--lan needs --web'],
  [['web', '--port', '70000'], '--port must be an integer from 0 to 65535'],
  [['web', '--lan', '--bind-host', '8.8.8.8'], 'must be a private IPv4 address'],
  [['web', '--lan', '--advertise-host', 'a/b'], 'LAN host must be a bare address or name'],
  [['web', '--print-link', '--new-token'], '--new-token and --print-link cannot be combined'],
  [['status', '--json', '--watch'], '--json and --watch cannot be combined'],
  [['status', '--jsno'], "Unknown option '--jsno' (did you mean --json?)"],
  [['symbols', '--hold', '999'], '--hold must be at most'],
  [['send-state', 'nonsense'], 'unknown state "nonsense"'],
  [['hook-state'], 'a STATE is required'],
  [['end-session', '--all', '--session-id', 'x'], '--all ends every session'],
  [['remote'], 'a HOST is required'],
  [['demo', '--greeting-delay', 'soon'], '--greeting-delay must be a number'],
  [['demo', '--output', 'trace:-'], 'trace: and file: ports need --profile or --profile-file'],
  [['show', '--tempo', '0'], '--tempo must be greater than 0'],
  [['show', '--profile', 'novation/launchpad/mk2', '--profile-file', 'x.json'], 'use either --profile or --profile-file, not both'],
  [['doctor', '--socket', ''], '--socket must not be empty'],
  [['profile', 'lst'], 'did you mean list?'],
  [['render'], '--profile'],
  [['claude', '--approval-timeout', '0'], 'approval_timeout must be positive'],
  [['codex-exec'], 'codex-exec requires a prompt'],
];

describe('usage errors come before any runtime check', () => {
  it.each(CASES)('%j exits 2 (%s) with a daemon on the socket and without one', async (args, message) => {
    for (const socket of [daemon.socketPath, join(empty, 'none.sock')]) {
      const result = await pl(args, { NO_COLOR: '1', PAD_LATTICE_SOCKET: socket, HOME: empty, XDG_RUNTIME_DIR: empty });
      expect(result.stderr).toContain(message);
      expect(result.code).toBe(2);
    }
  });
});
