import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { FileAccentStore } from '../../src/daemon/identity-store/file-accent-store.js';
import { WriteBehind } from '../../src/daemon/identity-store/write-behind.js';
import { ManualWriteTimer } from '../helpers/manual-write-timer.js';

describe('write-behind scheduling', () => {
  it('folds every change of one interval into one write of the newest state', () => {
    const timer = new ManualWriteTimer();
    const writes = new WriteBehind({ intervalSeconds: 2, timer });
    const written: string[] = [];
    for (const state of ['a', 'b', 'c']) writes.request(() => written.push(state));
    expect(written).toEqual([]);
    expect(timer.delays).toEqual([2000]);
    timer.fire();
    expect(written).toEqual(['c']);
    expect(writes.pending).toBe(false);
  });

  it('starts the next interval only with the next change', () => {
    const timer = new ManualWriteTimer();
    const writes = new WriteBehind({ intervalSeconds: 1, timer });
    const written: string[] = [];
    writes.request(() => written.push('first'));
    timer.fire();
    expect(timer.armed).toBe(false);
    writes.request(() => written.push('second'));
    expect(timer.delays).toEqual([1000, 1000]);
    timer.fire();
    expect(written).toEqual(['first', 'second']);
  });

  it('flush writes what is pending at once, cancels the timer, and does nothing when clean', () => {
    const timer = new ManualWriteTimer();
    const writes = new WriteBehind({ timer });
    const written: string[] = [];
    writes.flush();
    expect(written).toEqual([]);
    writes.request(() => written.push('pending'));
    writes.flush();
    expect(written).toEqual(['pending']);
    expect(timer.armed).toBe(false);
    writes.flush();
    expect(written).toEqual(['pending']);
  });

  it('refuses an interval that is not positive', () => {
    expect(() => new WriteBehind({ intervalSeconds: 0 })).toThrow(RangeError);
    expect(() => new WriteBehind({ intervalSeconds: Number.NaN })).toThrow(RangeError);
  });
});

describe('file accent store written behind', () => {
  let root: string;
  let storePath: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'pad-lattice-write-behind-'));
    storePath = join(root, 'pad-lattice', 'identities.json');
  });

  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  /** The interval's write syncs on the thread pool and renames on a later turn: wait until only the store file is left. */
  const backgroundWriteDone = () =>
    vi.waitFor(() => expect(readdirSync(join(root, 'pad-lattice'))).toEqual(['identities.json']), { timeout: 5_000, interval: 5 });

  it('does no file work on remember; the interval writes every change made during it', async () => {
    const timer = new ManualWriteTimer();
    const store = new FileAccentStore({ path: storePath, writes: new WriteBehind({ timer }) });
    for (let k = 0; k < 20; k += 1) store.remember(makeIdentity('codex', `s${k}`), 'cyan');
    expect(existsSync(join(root, 'pad-lattice'))).toBe(false);
    timer.fire();
    await backgroundWriteDone();
    const reloaded = new FileAccentStore({ path: storePath });
    for (let k = 0; k < 20; k += 1) expect(reloaded.preferredAccent(makeIdentity('codex', `s${k}`))).toBe('cyan');
  });

  it('a crash loses at most the changes since the last write, never the file', async () => {
    const timer = new ManualWriteTimer();
    const store = new FileAccentStore({ path: storePath, writes: new WriteBehind({ timer }) });
    store.remember(makeIdentity('codex', 'early'), 'lime');
    timer.fire();
    await backgroundWriteDone();
    const afterWrite = readFileSync(storePath, 'utf8');
    store.remember(makeIdentity('codex', 'late'), 'rose');
    // The process dies here: no timer, no flush. What a restart reads is the last complete write.
    expect(readFileSync(storePath, 'utf8')).toBe(afterWrite);
    const restarted = new FileAccentStore({ path: storePath });
    expect(restarted.preferredAccent(makeIdentity('codex', 'early'))).toBe('lime');
    expect(restarted.preferredAccent(makeIdentity('codex', 'late'))).toBeNull();
  });

  it("the interval's write keeps its fsync off the caller's turn, and a flush started meanwhile is never overwritten by it", async () => {
    const timer = new ManualWriteTimer();
    const writes = new WriteBehind({ timer });
    const store = new FileAccentStore({ path: storePath, writes });
    store.remember(makeIdentity('codex', 'first'), 'lime');
    timer.fire();
    // On this turn only the staging file exists: the rename waits for the fsync on the thread pool.
    expect(existsSync(storePath)).toBe(false);
    store.remember(makeIdentity('codex', 'second'), 'rose');
    writes.flush(); // shutdown: written and synced before flush returns
    const flushed = readFileSync(storePath, 'utf8');
    expect(new FileAccentStore({ path: storePath }).preferredAccent(makeIdentity('codex', 'second'))).toBe('rose');
    await backgroundWriteDone();
    expect(readFileSync(storePath, 'utf8')).toBe(flushed);
  });
});
