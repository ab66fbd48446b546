import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CatalogWatcher, type CatalogLoad } from '../../src/profiles/index.js';
import { BUILTIN_ROOT, proMk1 } from './helpers.js';
import { tempDir, userProfile, writeJson } from './temp-roots.js';

const running: CatalogWatcher[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((watcher) => watcher.close()));
});

/** Starts a watcher whose changes arrive as a stream the test can wait on. */
async function watchRoots(userRoots: string[], rescanIntervalMs = 0) {
  const changes: CatalogLoad[] = [];
  const waiters: (() => void)[] = [];
  const watcher = await CatalogWatcher.start({
    builtinRoot: BUILTIN_ROOT,
    userRoots,
    debounceMs: 20,
    rescanIntervalMs,
    onChange: (load) => {
      changes.push(load);
      waiters.splice(0).forEach((wake) => wake());
    },
  });
  running.push(watcher);
  /** Resolves with the first change (already seen or still to come) that satisfies `test`. */
  const until = async (test: (load: CatalogLoad) => boolean): Promise<CatalogLoad> => {
    for (;;) {
      const found = changes.find(test);
      if (found !== undefined) return found;
      await new Promise<void>((wake) => waiters.push(wake));
    }
  };
  return { watcher, until };
}

describe('catalog watcher (drop-in profiles)', () => {
  it('a profile file dropped into a watched user root appears in the catalog without a restart', async () => {
    const root = await tempDir();
    const { watcher, until } = await watchRoots([root]);
    expect(watcher.snapshot.catalog.find('acme/grid/one')).toBeUndefined();
    await writeJson(join(root, 'acme', 'one.json'), userProfile('Acme', 'Grid', 'One'));
    const load = await until((l) => l.catalog.find('acme/grid/one') !== undefined);
    expect(load.catalog.get('acme/grid/one').source).toBe(join(root, 'acme', 'one.json'));
    expect(load.catalog.find('novation/launchpad/pro-mk1')).toBeDefined();
    expect(watcher.snapshot).toBe(load);
  });

  it('a broken edit is reported with its errors while the last good version stays; a fix replaces it', async () => {
    const root = await tempDir();
    const file = await writeJson(join(root, 'one.json'), userProfile('Acme', 'Grid', 'One'));
    const { watcher, until } = await watchRoots([root]);
    expect(watcher.snapshot.catalog.get('acme/grid/one').name).toBe('Acme Grid One');

    const broken = userProfile('Acme', 'Grid', 'One');
    broken.grid.channel = 16;
    await writeJson(file, broken);
    const rejected = await until((l) => l.problems.length > 0);
    expect(rejected.problems).toEqual([{ source: file, issues: [{ path: 'grid.channel', message: 'must be an integer from 0 to 15' }] }]);
    expect(rejected.catalog.get('acme/grid/one').grid.channel).toBe(0);

    const renamed = userProfile('Acme', 'Grid', 'One');
    renamed.name = 'Acme Grid One, renamed';
    await writeJson(file, renamed);
    const fixed = await until((l) => l.catalog.find('acme/grid/one')?.name === 'Acme Grid One, renamed');
    expect(fixed.problems).toEqual([]);

    await rm(file);
    const removed = await until((l) => l.catalog.find('acme/grid/one') === undefined);
    expect(removed.problems).toEqual([]);
  });

  it('the periodic rescan picks up a root that did not exist when watching began', async () => {
    const parent = await tempDir();
    const root = join(parent, 'later');
    const { until } = await watchRoots([root], 50);
    await writeJson(join(root, 'two.json'), userProfile('Acme', 'Grid', 'Two'));
    const load = await until((l) => l.catalog.find('acme/grid/two') !== undefined);
    expect(load.catalog.get('acme/grid/two').source).toBe(join(root, 'two.json'));
  });

  it('rescan() finds changes by itself, and a duplicate id is reported, not loaded', async () => {
    const root = await tempDir();
    const manual = await CatalogWatcher.start({ builtinRoot: BUILTIN_ROOT, userRoots: [root], rescanIntervalMs: 0 });
    running.push(manual);
    await writeJson(join(root, 'copy.json'), proMk1());
    await manual.rescan();
    expect(manual.snapshot.problems.map((p) => p.issues[0]!.message)).toEqual([
      `duplicate profile id 'novation/launchpad/pro-mk1' (already defined by ${BUILTIN_ROOT}novation/launchpad/pro-mk1.json)`,
    ]);
    expect(manual.snapshot.catalog.get('novation/launchpad/pro-mk1').source).toBe(`${BUILTIN_ROOT}novation/launchpad/pro-mk1.json`);
  });

  it('close() is idempotent and stops rescans', async () => {
    const root = await tempDir();
    const { watcher } = await watchRoots([root], 10);
    await watcher.close();
    await watcher.close();
    const before = watcher.snapshot;
    await writeJson(join(root, 'late.json'), userProfile('Acme', 'Grid', 'Late'));
    await watcher.rescan();
    expect(watcher.snapshot).toBe(before);
  });
});
