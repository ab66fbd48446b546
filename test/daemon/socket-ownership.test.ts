import { existsSync, mkdirSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemon, type DaemonHandle } from '../../src/daemon/daemon.js';
import { SocketStartupError } from '../../src/daemon/socket/index.js';
import { makeSocketDir } from './helpers/test-daemon.js';
import { answersPing, spawnCliDaemon } from './helpers/spawned.js';
import { eventually } from './helpers/wire-client.js';

/*
 * Issue 21.1: a daemon removes only the socket it bound, even when another
 * daemon replaced the path meanwhile. Issue 21.7: a path too long for a Unix
 * socket is refused up front, leaving nothing behind.
 */
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function socketDir() {
  const made = makeSocketDir();
  cleanups.push(made.remove);
  return made;
}

async function inProcess(path: string): Promise<DaemonHandle> {
  const handle = await startDaemon({ socketPath: path });
  cleanups.push(() => handle.close());
  return handle;
}

function spawnDaemon(path: string, dir: string) {
  const daemon = spawnCliDaemon(path, dir);
  cleanups.push(() => void daemon.child.kill('SIGKILL'));
  return { ...daemon, exited: daemon.exited.then(({ code }) => code) };
}

describe('only our own socket is removed (issue 21.1)', () => {
  for (const how of ['close', 'closeSync'] as const) {
    it(`A started, its path removed, B started on it: A's ${how}() leaves B reachable`, async () => {
      const { path } = socketDir();
      const a = await inProcess(path);
      unlinkSync(path);
      await inProcess(path);
      if (how === 'close') await a.close();
      else a.closeSync();
      expect(existsSync(path)).toBe(true);
      expect(await answersPing(path)).toBe(true);
    });
  }

  it('the same with spawned daemons and SIGTERM; B still removes its own socket when it stops', async () => {
    const { dir, path } = socketDir();
    const a = spawnDaemon(path, dir);
    await eventually(() => answersPing(path), 15_000, 'daemon A answering');
    unlinkSync(path);
    const b = spawnDaemon(path, dir);
    await eventually(() => answersPing(path), 15_000, 'daemon B answering');
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(await answersPing(path)).toBe(true);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).filter((name) => name !== 'ids.json')).toEqual([]);
  });
});

describe('socket paths longer than sun_path allows (issue 21.7)', () => {
  /** A path of exactly `bytes` bytes inside `dir`, through nested folders of at most 100 bytes per name. */
  function pathOfLength(dir: string, bytes: number): string {
    let folder = dir;
    while (bytes - folder.length - 1 > 100) {
      folder = join(folder, 'f'.repeat(Math.min(100, bytes - folder.length - 1 - 10)));
      mkdirSync(folder);
    }
    return join(folder, 's'.repeat(bytes - folder.length - 1));
  }

  it('refuses a 135-byte path before touching the file system', async () => {
    const { dir } = socketDir();
    const path = pathOfLength(dir, 135);
    const before = readdirSync(dir, { recursive: true });
    const refusal = await startDaemon({ socketPath: path }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(SocketStartupError);
    expect((refusal as SocketStartupError).code).toBe('ENAMETOOLONG');
    expect((refusal as Error).message).toMatch(/135 bytes, longer than the 107 .*choose a shorter --socket/);
    expect(readdirSync(dir, { recursive: true })).toEqual(before);
  });

  it('accepts a path of exactly 107 bytes and refuses 108', async () => {
    const { dir } = socketDir();
    const longest = pathOfLength(dir, 107);
    await inProcess(longest);
    expect(await answersPing(longest)).toBe(true);
    await expect(startDaemon({ socketPath: pathOfLength(join(dir), 108) })).rejects.toThrow(/108 bytes/);
  });

  it('the CLI says so on stderr and exits 1', async () => {
    const { dir } = socketDir();
    const path = pathOfLength(dir, 135);
    const daemon = spawnDaemon(path, dir);
    expect(await daemon.exited).toBe(1);
    expect(daemon.stderr()).toContain('longer than the 107 a Unix socket path may have');
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => !entry.isDirectory());
    expect(files.map((entry) => entry.name)).toEqual([]);
  });
});
