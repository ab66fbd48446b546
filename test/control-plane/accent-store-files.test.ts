import { spawnSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { FileAccentStore } from '../../src/daemon/identity-store/file-accent-store.js';
import type { Logger } from '../../src/support/logger.js';
import { FOREIGN_UID, foreignFile, sharedFolder } from '../helpers/planted.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';

/*
 * The identity store's file handling under hostile or broken conditions
 * (issues 21.2 and 22.5): links and other users' files planted in a shared
 * store folder, staging files a crash left, and a store full of garbage.
 */
const tempDir = tempDirsPerTest('pl-store-files-');

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => void lines.push(`info ${m}`), warn: (m) => void lines.push(`warn ${m}`), error: (m) => void lines.push(`error ${m}`) };
}

/** `--identity-store` in a folder every user may write, and a file of the daemon's user outside it. */
function sharedStore(): { dir: string; path: string; victim: string } {
  const { dir, victim } = sharedFolder(tempDir());
  return { dir, path: join(dir, 'ids.json'), victim };
}

const remember = (store: FileAccentStore, session = 's1') => store.remember(makeIdentity('codex', session), 'cyan');

describe('identity store files (issue 21.2)', () => {
  it('does not follow a link planted at the predictable staging name', () => {
    const { dir, path, victim } = sharedStore();
    symlinkSync(victim, join(dir, `.ids.json.${process.pid}.tmp`));
    remember(new FileAccentStore({ path }));
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(statSync(victim).mode & 0o777).toBe(0o644);
    expect(lstatSync(path).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8')).version).toBe(1);
  });

  it('neither follows nor replaces a link at the store path, and says so once', () => {
    const { path, victim } = sharedStore();
    symlinkSync(victim, path);
    const logger = recordingLogger();
    const store = new FileAccentStore({ path, logger });
    remember(store, 'a');
    remember(store, 'b');
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
    expect(store.preferredAccent(makeIdentity('codex', 'b'))).toBe('cyan');
    const notSaved = logger.lines.filter((line) => line.includes('not saved'));
    expect(notSaved).toHaveLength(1);
    expect(notSaved[0]).toMatch(/symbolic link/);
  });

  it("leaves another user's file at the store path alone", () => {
    const { path } = sharedStore();
    const theirs = JSON.stringify({ version: 1, identities: {} });
    foreignFile(path, theirs);
    const logger = recordingLogger();
    remember(new FileAccentStore({ path, logger }));
    expect(statSync(path).uid).toBe(FOREIGN_UID);
    expect(readFileSync(path, 'utf8')).toBe(theirs);
    expect(logger.lines.some((line) => /belongs to another user/.test(line))).toBe(true);
  });
});

describe('identity store debris (issue 22.5)', () => {
  it('removes staging files a crashed writer left, with one log line', () => {
    const { dir, path } = sharedStore();
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    for (let n = 0; n < 5; n++) writeFileSync(join(dir, `.ids.json.${dead}.${String(n).repeat(16)}.tmp`), 'half a store');
    writeFileSync(join(dir, `.ids.json.${dead}.tmp`), 'half a store');
    const logger = recordingLogger();
    new FileAccentStore({ path, logger });
    expect(readdirSync(dir)).toEqual([]);
    expect(logger.lines).toEqual([expect.stringMatching(/^info identity store: removed 6 staging file\(s\)/)]);
  });

  it('moves a corrupt store aside, keeps its bytes, logs one line, and writes a fresh store', () => {
    const { dir, path } = sharedStore();
    const garbage = Buffer.from([0x7b, 0xff, 0x00, 0x41, 0x0a]);
    writeFileSync(path, garbage, { mode: 0o600 });
    const logger = recordingLogger();
    const store = new FileAccentStore({ path, logger });
    const aside = readdirSync(dir).filter((name) => /^ids\.json\.corrupt-\d{8}T\d{6}\.\d{3}Z$/.test(name));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!))).toEqual(garbage);
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]).toContain(`kept it as ${join(dir, aside[0]!)}`);
    remember(store);
    expect(JSON.parse(readFileSync(path, 'utf8')).version).toBe(1);
  });

  it('keeps a store of another version too, but not a store with a few bad entries', () => {
    const { dir, path } = sharedStore();
    writeFileSync(path, JSON.stringify({ version: 2, identities: {} }));
    new FileAccentStore({ path, logger: recordingLogger() });
    expect(readdirSync(dir).filter((name) => name.includes('.corrupt-'))).toHaveLength(1);

    const { dir: other, path: lenient } = sharedStore();
    writeFileSync(lenient, JSON.stringify({ version: 1, identities: { k: { accent: 7 } } }));
    const logger = recordingLogger();
    new FileAccentStore({ path: lenient, logger });
    expect(readdirSync(other)).toEqual(['ids.json']);
    expect(logger.lines).toEqual([]);
  });
});
