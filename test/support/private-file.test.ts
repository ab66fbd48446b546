import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, closeSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPrivateOutput, preparePrivateDirectory, readOwnFile, replaceFileAtomically, UnsafePathError } from '../../src/support/private-file.js';
import { removeStaleStagingFiles, stagingPathFor } from '../../src/support/staging-files.js';
import { FOREIGN_UID, foreignFile, sharedFolder as sharedFolderIn } from '../helpers/planted.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';

const tempDir = tempDirsPerTest('pl-private-file-');
const sharedFolder = () => sharedFolderIn(tempDir());

const modeOf = (path: string) => statSync(path).mode & 0o777;

function expectRefused(run: () => unknown, reason: string): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(UnsafePathError);
  expect((caught as UnsafePathError).reason).toBe(reason);
  expect((caught as Error).message).toMatch(/remove it or choose another path/);
}

/** A pid that certainly ran and has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('replaceFileAtomically', () => {
  it('writes a new file 0600 and leaves no staging file behind', () => {
    const dir = tempDir();
    const path = join(dir, 'ids.json');
    replaceFileAtomically(path, '{"a":1}\n');
    replaceFileAtomically(path, '{"a":2}\n');
    expect(readFileSync(path, 'utf8')).toBe('{"a":2}\n');
    expect(modeOf(path)).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['ids.json']);
  });

  it('stages under an unguessable name, so links planted at every predictable name are never followed', () => {
    const { dir, victim } = sharedFolder();
    const path = join(dir, 'ids.json');
    // The names earlier versions and the reference use, for this pid and its neighbours.
    for (let pid = process.pid - 2; pid <= process.pid + 2; pid++) symlinkSync(victim, join(dir, `.ids.json.${pid}.tmp`));
    symlinkSync(victim, join(dir, '.ids.json.tmp'));
    replaceFileAtomically(path, 'ours\n');
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(path).isFile()).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('ours\n');
    const first = stagingPathFor(path);
    expect(first).toMatch(new RegExp(`/\\.ids\\.json\\.${process.pid}\\.[0-9a-f]{16}\\.tmp$`));
    expect(stagingPathFor(path)).not.toBe(first);
  });

  it("refuses a link, another user's file and a directory at the target, changing nothing", () => {
    const { dir, victim } = sharedFolder();
    const link = join(dir, 'linked.json');
    symlinkSync(victim, link);
    expectRefused(() => replaceFileAtomically(link, 'ours\n'), 'symlink');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');

    const theirs = join(dir, 'theirs.json');
    foreignFile(theirs);
    expectRefused(() => replaceFileAtomically(theirs, 'ours\n'), 'foreign-owner');
    expect(statSync(theirs).uid).toBe(FOREIGN_UID);
    expect(readFileSync(theirs, 'utf8')).toBe('theirs\n');

    mkdirSync(join(dir, 'folder.json'));
    expectRefused(() => replaceFileAtomically(join(dir, 'folder.json'), 'ours\n'), 'not-a-file');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('openPrivateOutput', () => {
  const writeThrough = (path: string, text: string) => {
    const fd = openPrivateOutput(path);
    writeSync(fd, text);
    closeSync(fd);
  };

  it('creates a missing file 0600 and truncates one of ours', () => {
    const path = join(tempDir(), 'out.trace');
    writeThrough(path, 'first, longer content\n');
    writeThrough(path, 'second\n');
    expect(readFileSync(path, 'utf8')).toBe('second\n');
    expect(modeOf(path)).toBe(0o600);
  });

  it("refuses a planted link, another user's file and a FIFO (without blocking on it)", () => {
    const { dir, victim } = sharedFolder();
    const link = join(dir, 'out.trace');
    symlinkSync(victim, link);
    expectRefused(() => openPrivateOutput(link), 'symlink');
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');

    const theirs = join(dir, 'theirs.trace');
    foreignFile(theirs);
    expectRefused(() => openPrivateOutput(theirs), 'foreign-owner');
    expect(readFileSync(theirs, 'utf8')).toBe('theirs\n');

    const fifo = join(dir, 'fifo.trace');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // No reader: the open fails at once (ENXIO) rather than waiting for one.
    expect(() => openPrivateOutput(fifo)).toThrow();
  });

  it('accepts /dev/null, which is how a trace is discarded', () => {
    closeSync(openPrivateOutput('/dev/null'));
  });
});

describe('readOwnFile', () => {
  it('reads our file, returns null for a missing one, and refuses planted ones', () => {
    const { dir, victim } = sharedFolder();
    const ours = join(dir, 'token');
    writeFileSync(ours, 'secret', { mode: 0o600 });
    expect(readOwnFile(ours)?.toString()).toBe('secret');
    expect(readOwnFile(join(dir, 'missing'))).toBeNull();

    const link = join(dir, 'linked');
    symlinkSync(victim, link);
    expectRefused(() => readOwnFile(link), 'symlink');
    const theirs = join(dir, 'theirs');
    foreignFile(theirs);
    expectRefused(() => readOwnFile(theirs), 'foreign-owner');
    chmodSync(ours, 0o644);
    expectRefused(() => readOwnFile(ours, { privateOnly: true }), 'shared');
  });
});

describe('preparePrivateDirectory', () => {
  it('creates a missing folder 0700 and never chmods through a link', () => {
    const root = tempDir();
    const created = join(root, 'a', 'pad-lattice');
    preparePrivateDirectory(created, { tighten: true });
    expect(modeOf(created)).toBe(0o700);

    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o755 });
    chmodSync(elsewhere, 0o755);
    const link = join(root, 'linked');
    symlinkSync(elsewhere, link);
    preparePrivateDirectory(link, { tighten: true });
    expect(modeOf(elsewhere)).toBe(0o755);
  });
});

describe('removeStaleStagingFiles', () => {
  it("removes what a dead writer left, keeps a live writer's file, another user's file and unrelated names", () => {
    const dir = tempDir();
    const path = join(dir, 'ids.json');
    const dead = deadPid();
    const live = process.ppid;
    const names = {
      deadNew: `.ids.json.${dead}.0123456789abcdef.tmp`,
      deadOld: `.ids.json.${dead}.tmp`,
      live: `.ids.json.${live}.0123456789abcdef.tmp`,
      foreign: `.ids.json.${dead + 1}.fedcba9876543210.tmp`,
      unrelated: `.other.json.${dead}.tmp`,
    };
    for (const name of Object.values(names)) writeFileSync(join(dir, name), 'x');
    chownSync(join(dir, names.foreign), FOREIGN_UID, FOREIGN_UID);
    const removed = removeStaleStagingFiles(path, { isAlive: (pid) => pid === live });
    expect(removed.sort()).toEqual([names.deadNew, names.deadOld].sort());
    expect(readdirSync(dir).sort()).toEqual([names.foreign, names.live, names.unrelated].sort());
  });
});
