import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson, inputDigest } from '../../../src/agents/claude/canonical-json.js';
import { WaiterRegistry, sessionKey, type CancelDeps } from '../../../src/agents/claude/waiter-registry.js';
import { FakeDaemon, cleanUpFakes, privateTempDir } from '../shared/fake-daemon.js';
import { runHook } from './hook-runner.js';

let runtimeDir: string;

beforeEach(() => {
  runtimeDir = privateTempDir('pl-claude-reg-');
});

afterEach(cleanUpFakes);

/** A pid that certainly belonged to a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid ?? 0;
}

function plantMarker(sessionId: string, requestId: string, pid: number, expiresAt = Date.now() + 60_000): string {
  const directory = join(runtimeDir, 'pad-lattice', 'claude-waiters');
  WaiterRegistry.open(join(runtimeDir, 'pad-lattice'));
  const path = join(directory, `${sessionKey(sessionId)}-${requestId}.json`);
  writeFileSync(path, JSON.stringify({ pid, tool: 'Bash', input_digest: null, expires_at: expiresAt }), { mode: 0o600 });
  return path;
}

function recordingDeps(): CancelDeps & { sleeps: number[] } {
  const sleeps: number[] = [];
  return { sleeps, now: () => Date.now(), sleep: async (ms) => void sleeps.push(ms), processAlive: () => false };
}

describe('agent-adapters.md Part D', () => {
  it('scenario 50: a marker of a dead waiter is deleted without waiting', async () => {
    const socket = join(privateTempDir('pl-claude-sock-'), 'daemon.sock');
    const daemon = await FakeDaemon.start(socket);
    try {
      const marker = plantMarker('abc123', 'a'.repeat(32), deadPid());
      const run = await runHook({ session_id: 'abc123', hook_event_name: 'Stop' }, { args: ['--socket', socket], env: { XDG_RUNTIME_DIR: runtimeDir } });
      expect(run).toMatchObject({ code: 0, stdout: '' });
      expect(existsSync(marker)).toBe(false);
      expect(readdirSync(join(runtimeDir, 'pad-lattice', 'claude-waiters'))).toEqual([]);
      expect(daemon.messages()).toEqual([{ protocol: 1, type: 'state', state: 'success', agent: { backend: 'claude', session_id: 'abc123' } }]);
    } finally {
      await daemon.close();
    }
    // The same through the registry with a recording clock: nothing to wait for, so it never sleeps.
    const registry = WaiterRegistry.open(join(runtimeDir, 'pad-lattice'));
    const gone = plantMarker('abc123', 'b'.repeat(32), 4242);
    const expired = plantMarker('abc123', 'c'.repeat(32), process.pid, Date.now() - 1);
    const deps = { ...recordingDeps(), processAlive: (pid: number) => pid !== 4242 };
    await registry?.cancel('abc123', { kind: 'all' }, deps);
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(expired)).toBe(false);
    expect(deps.sleeps).toEqual([]);
  });

  it('scenario 51: key order does not change the input digest', () => {
    expect(inputDigest({ b: 1, a: 2 })).toBe(inputDigest({ a: 2, b: 1 }));
    expect(inputDigest({ x: { d: [1, { z: 0, y: 'é' }], c: null } })).toBe(inputDigest({ x: { c: null, d: [1, { y: 'é', z: 0 }] } }));
    expect(canonicalJson({ b: 1, a: [true, 'x'] })).toBe('{"a":[true,"x"],"b":1}');
    expect(inputDigest({ command: 'npm test' })).not.toBe(inputDigest({ command: 'npm run lint' }));
    expect(inputDigest(undefined)).toBeNull();
  });
});

describe('waiter registry', () => {
  it('sorts keys by code point, not by UTF-16 unit', () => {
    // U+FF01 sorts before U+1F600 by code point, after it by UTF-16 unit (0xD83D).
    expect(canonicalJson({ '\u{1F600}': 1, '\uFF01': 2 })).toBe('{"\uFF01":2,"\u{1F600}":1}');
  });

  it('creates private directories and markers of mode 0600, and removes both files at the end', () => {
    const registry = WaiterRegistry.open(join(runtimeDir, 'pad-lattice'));
    expect(registry).not.toBeNull();
    expect(statSync(join(runtimeDir, 'pad-lattice')).mode & 0o777).toBe(0o700);
    expect(statSync(registry?.directory ?? '').mode & 0o777).toBe(0o700);
    const marker = registry?.register('abc123', 'd'.repeat(32), { pid: process.pid, tool: 'Bash', input_digest: null, expires_at: Date.now() + 1000 });
    expect(marker).not.toBeNull();
    expect(statSync(marker?.jsonPath ?? '').mode & 0o777).toBe(0o600);
    expect(readdirSync(registry?.directory ?? '')).toEqual([`${sessionKey('abc123')}-${'d'.repeat(32)}.json`]);
    marker?.remove();
    expect(readdirSync(registry?.directory ?? '')).toEqual([]);
  });

  it('renames a live marker to .cancel and gives up after the budget when nobody lets go', async () => {
    const registry = WaiterRegistry.open(join(runtimeDir, 'pad-lattice'));
    const marker = registry?.register('abc123', 'e'.repeat(32), { pid: process.pid, tool: 'Bash', input_digest: null, expires_at: Date.now() + 60_000 });
    let clock = 0;
    const sleeps: number[] = [];
    const deps: CancelDeps = {
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        if (sleeps.length === 1) expect(marker?.isCancelled()).toBe(true);
        clock += ms;
      },
      processAlive: () => true,
    };
    await registry?.cancel('abc123', { kind: 'all' }, deps);
    // A live waiter that never acknowledges: polled every 20 ms for 500 ms, then the leftover is deleted.
    expect(sleeps.every((ms) => ms === 20)).toBe(true);
    expect(sleeps.reduce((a, b) => a + b, 0)).toBe(500);
    expect(readdirSync(registry?.directory ?? '')).toEqual([]);
  });

  it('leaves markers of other sessions and of other tool calls alone', async () => {
    const registry = WaiterRegistry.open(join(runtimeDir, 'pad-lattice'));
    const content = { pid: process.pid, tool: 'Bash', input_digest: inputDigest({ command: 'a' }), expires_at: Date.now() + 60_000 };
    registry?.register('xyz', 'f'.repeat(32), content);
    registry?.register('abc123', '0'.repeat(32), content);
    const deps: CancelDeps = { now: () => Date.now(), sleep: async () => undefined, processAlive: () => true };
    await registry?.cancel('abc123', { kind: 'tool_call', tool: 'Bash', inputDigest: inputDigest({ command: 'b' }) }, deps);
    await registry?.cancel('abc123', { kind: 'tool_call', tool: 'Edit', inputDigest: inputDigest({ command: 'a' }) }, deps);
    expect(readdirSync(registry?.directory ?? '').sort()).toEqual(
      [`${sessionKey('abc123')}-${'0'.repeat(32)}.json`, `${sessionKey('xyz')}-${'f'.repeat(32)}.json`].sort(),
    );
  });

  it('is disabled when the runtime directory is a symlink or shared with the group', async () => {
    const { chmodSync, mkdirSync, symlinkSync } = await import('node:fs');
    const shared = join(runtimeDir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o750);
    expect(WaiterRegistry.open(shared)).toBeNull();
    const link = join(runtimeDir, 'link');
    symlinkSync(privateTempDir('pl-claude-target-'), link);
    expect(WaiterRegistry.open(link)).toBeNull();
  });
});
