import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDENTITY_ACCENTS, makeIdentity } from '../../src/domain/index.js';
import { ControlPlane } from '../../src/daemon/control-plane/index.js';
import { accentStoreKey } from '../../src/daemon/identity-store/accent-store-key.js';
import { defaultAccentStorePath } from '../../src/daemon/identity-store/accent-store-path.js';
import { FileAccentStore } from '../../src/daemon/identity-store/file-accent-store.js';
import { MemoryAccentStore } from '../../src/daemon/identity-store/memory-accent-store.js';
import { writeFileAtomically } from '../../src/daemon/identity-store/atomic-write.js';

let root: string;
let storePath: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pad-lattice-accent-store-'));
  storePath = join(root, 'state', 'pad-lattice', 'identities.json');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A wall clock that returns the given readings in turn (the last one repeats). */
function clockOf(...readings: number[]): () => number {
  let index = 0;
  return () => readings[Math.min(index++, readings.length - 1)]!;
}

const mode = (path: string): number => statSync(path).mode & 0o777;

function storedDocument(path: string): { version: number; identities: Record<string, Record<string, unknown>> } {
  return JSON.parse(readFileSync(path, 'utf8')) as { version: number; identities: Record<string, Record<string, unknown>> };
}

describe('control-plane.md §21', () => {
  it('scenario 20: store round trip keeps the accent, hides the raw id, and writes mode 0600', () => {
    const identity = makeIdentity('codex', 'private-session-id');
    new FileAccentStore({ path: storePath, wallClock: clockOf(10.0) }).remember(identity, 'magenta');

    const reloaded = new FileAccentStore({ path: storePath });
    expect(reloaded.preferredAccent(identity)).toBe('magenta');
    const text = readFileSync(storePath, 'utf8');
    expect(text).not.toContain('private-session-id');
    expect(text).not.toContain('codex');
    expect(mode(storePath)).toBe(0o600);
    expect(mode(join(root, 'state', 'pad-lattice'))).toBe(0o700);
    expect(storedDocument(storePath)).toEqual({
      version: 1,
      identities: { [accentStoreKey(identity)]: { accent: 'magenta', last_used: 10 } },
    });
  });

  it('scenario 21: with bound 2 the least recently used of three identities is dropped', () => {
    const first = makeIdentity('codex', 'one');
    const second = makeIdentity('codex', 'two');
    const third = makeIdentity('codex', 'three');
    const store = new FileAccentStore({ path: storePath, wallClock: clockOf(1, 2, 3), maxEntries: 2 });
    store.remember(first, 'cyan');
    store.remember(second, 'magenta');
    store.remember(third, 'lime');

    const reloaded = new FileAccentStore({ path: storePath, maxEntries: 2 });
    expect(reloaded.preferredAccent(first)).toBeNull();
    expect(reloaded.preferredAccent(second)).toBe('magenta');
    expect(reloaded.preferredAccent(third)).toBe('lime');
    expect(Object.keys(storedDocument(storePath).identities)).toHaveLength(2);
  });

  it('scenario 22: an unreadable or foreign file means no preferences, never a failure', () => {
    const identity = makeIdentity('codex', 's1');
    const key = accentStoreKey(identity);
    mkdirSync(join(root, 'state', 'pad-lattice'), { recursive: true });

    writeFileSync(storePath, 'not-json');
    expect(new FileAccentStore({ path: storePath }).preferredAccent(identity)).toBeNull();

    writeFileSync(storePath, JSON.stringify({ version: 2, identities: { [key]: { accent: 'lime', last_used: 1 } } }));
    expect(new FileAccentStore({ path: storePath }).preferredAccent(identity)).toBeNull();

    // The same entry under version 1 is found, so the refusals above are about the file, not the entry.
    writeFileSync(storePath, JSON.stringify({ version: 1, identities: { [key]: { accent: 'lime', last_used: 1 } } }));
    expect(new FileAccentStore({ path: storePath }).preferredAccent(identity)).toBe('lime');
  });

  it('scenario 23: keys reproduce the §15.2 test vectors', () => {
    expect(accentStoreKey(makeIdentity('codex', 'session-1'))).toBe('6cd272dd886b6129c5dd7f2144b048d0629e56d72503dd6a40d9f98ae7cd47a9');
    expect(accentStoreKey(makeIdentity('local', 'default'))).toBe('a767dfd1ebce8255b46178919df04d9292259dc1dba61ab2b173ee43abe86779');
    expect(accentStoreKey(makeIdentity('codex', 's1'))).toBe('263d46071863a4a329515f6390d47b0102a1ec315608c574e6136c086fa43d9b');
  });

  it('scenario 24: an unwritable store directory never breaks accent assignment', () => {
    // A regular file where the directory belongs defeats writes even for root, unlike chmod.
    writeFileSync(join(root, 'state'), 'in the way');
    const store = new FileAccentStore({ path: storePath, wallClock: clockOf(5) });
    const identity = makeIdentity('codex', 'blocked');
    expect(() => store.remember(identity, 'lime')).not.toThrow();
    expect(store.preferredAccent(identity)).toBe('lime');

    const plane = new ControlPlane({ selectorCapacity: 4, accentNames: IDENTITY_ACCENTS.slice(0, 4), accentStore: store });
    const first = plane.update(makeIdentity('codex', 'first'), 'running', 1);
    const second = plane.update(makeIdentity('codex', 'second'), 'running', 2);
    expect([first.slot, first.accent, second.slot, second.accent]).toEqual([0, 'cyan', 1, 'magenta']);
    expect(store.preferredAccent(makeIdentity('codex', 'second'))).toBe('magenta');
    expect(existsSync(storePath)).toBe(false);
  });
});

const PYTHON_WRITTEN = `{
  "identities": {
    "263d46071863a4a329515f6390d47b0102a1ec315608c574e6136c086fa43d9b": {
      "accent": "lime",
      "empty": {},
      "last_used": 1752800000.123456,
      "list0": [],
      "note": "caf\\u00e9 \\ud83d\\ude00",
      "pinned": true,
      "tags": [
        "a",
        {
          "b": null,
          "z": 1
        }
      ]
    },
    "a767dfd1ebce8255b46178919df04d9292259dc1dba61ab2b173ee43abe86779": {
      "accent": "violet",
      "last_used": 1752800001.5
    },
    "bogus": {
      "accent": 7,
      "last_used": 1.0
    }
  },
  "version": 1
}
`;

/** What Python's json.dumps(indent=2, sort_keys=True) writes after adding codex/new → sky at 1752800002.25 (bogus dropped on load). */
const PYTHON_AFTER_REMEMBER = `{
  "identities": {
    "263d46071863a4a329515f6390d47b0102a1ec315608c574e6136c086fa43d9b": {
      "accent": "lime",
      "empty": {},
      "last_used": 1752800000.123456,
      "list0": [],
      "note": "caf\\u00e9 \\ud83d\\ude00",
      "pinned": true,
      "tags": [
        "a",
        {
          "b": null,
          "z": 1
        }
      ]
    },
    "518c213c39000cb4df80b6c50571c52292eec9d3781cde10ff8e490333d57407": {
      "accent": "sky",
      "last_used": 1752800002.25
    },
    "a767dfd1ebce8255b46178919df04d9292259dc1dba61ab2b173ee43abe86779": {
      "accent": "violet",
      "last_used": 1752800001.5
    }
  },
  "version": 1
}
`;

describe('file accent store (control-plane.md §15)', () => {
  it('reads a Python-written file (float last_used, extra members) and writes it back as Python would', () => {
    mkdirSync(join(root, 'state', 'pad-lattice'), { recursive: true });
    writeFileSync(storePath, PYTHON_WRITTEN);
    const store = new FileAccentStore({ path: storePath, wallClock: clockOf(1752800002.25) });
    expect(store.preferredAccent(makeIdentity('codex', 's1'))).toBe('lime');
    expect(store.preferredAccent(makeIdentity('local', 'default'))).toBe('violet');

    store.remember(makeIdentity('codex', 'new'), 'sky');
    expect(readFileSync(storePath, 'utf8')).toBe(PYTHON_AFTER_REMEMBER);
  });

  it('replaces the whole entry on remember, dropping its extra members', () => {
    mkdirSync(join(root, 'state', 'pad-lattice'), { recursive: true });
    writeFileSync(storePath, PYTHON_WRITTEN);
    new FileAccentStore({ path: storePath, wallClock: clockOf(20) }).remember(makeIdentity('codex', 's1'), 'orange');
    expect(storedDocument(storePath).identities[accentStoreKey(makeIdentity('codex', 's1'))]).toEqual({
      accent: 'orange',
      last_used: 20,
    });
  });

  it('writes sorted two-space JSON with a trailing LF and integer version 1', () => {
    const store = new FileAccentStore({ path: storePath, wallClock: clockOf(1752800000.123456) });
    store.remember(makeIdentity('codex', 's1'), 'cyan');
    expect(readFileSync(storePath, 'utf8')).toBe(
      '{\n  "identities": {\n    "263d46071863a4a329515f6390d47b0102a1ec315608c574e6136c086fa43d9b": {\n' +
        '      "accent": "cyan",\n      "last_used": 1752800000.123456\n    }\n  },\n  "version": 1\n}\n',
    );
  });

  it.each([
    ['a directory in place of the file', null],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])],
    ['a UTF-8 byte-order mark', Buffer.from('\ufeff{"version": 1, "identities": {}}')],
    ['a top-level array', '[1]'],
    ['a boolean version', '{"version": true, "identities": {}}'],
    ['a missing identities member', '{"version": 1}'],
    ['identities as an array', '{"version": 1, "identities": []}'],
  ])('treats %s as empty', (_, content) => {
    const identity = makeIdentity('codex', 's1');
    mkdirSync(join(root, 'state', 'pad-lattice'), { recursive: true });
    if (content === null) mkdirSync(storePath);
    else writeFileSync(storePath, content);
    expect(new FileAccentStore({ path: storePath }).preferredAccent(identity)).toBeNull();
  });

  it('keeps only well-formed entries and ignores an empty accent on lookup', () => {
    const keyOf = (id: string): string => accentStoreKey(makeIdentity('codex', id));
    const identities = {
      [keyOf('good')]: { accent: 'teal', last_used: 3 },
      [keyOf('int-time')]: { accent: 'rose', last_used: 4 },
      [keyOf('no-time')]: { accent: 'sky' },
      [keyOf('bool-time')]: { accent: 'sky', last_used: true },
      [keyOf('number-accent')]: { accent: 5, last_used: 1 },
      [keyOf('empty-accent')]: { accent: '', last_used: 1 },
      [keyOf('not-object')]: 'cyan',
    };
    mkdirSync(join(root, 'state', 'pad-lattice'), { recursive: true });
    writeFileSync(storePath, JSON.stringify({ version: 1, identities }));
    const store = new FileAccentStore({ path: storePath, wallClock: clockOf(9) });
    const lookups = Object.fromEntries(
      ['good', 'int-time', 'no-time', 'bool-time', 'number-accent', 'empty-accent', 'not-object'].map((id) => [
        id,
        store.preferredAccent(makeIdentity('codex', id)),
      ]),
    );
    expect(lookups).toEqual({
      good: 'teal',
      'int-time': 'rose',
      'no-time': null,
      'bool-time': null,
      'number-accent': null,
      'empty-accent': null,
      'not-object': null,
    });
    store.remember(makeIdentity('codex', 'good'), 'teal');
    // The malformed entries were dropped at load; the empty-accent one was well-formed and stays.
    expect(Object.keys(storedDocument(storePath).identities).sort()).toEqual([keyOf('good'), keyOf('int-time'), keyOf('empty-accent')].sort());
  });

  it('breaks last_used ties by map order: loaded entries in file order first, then new keys', () => {
    const keyOf = (id: string): string => accentStoreKey(makeIdentity('codex', id));
    mkdirSync(join(root, 'state', 'pad-lattice'), { recursive: true });
    // File order deliberately not sorted: the in-memory order follows the file.
    const fileText = `{"version": 1, "identities": {"${keyOf('b')}": {"accent": "lime", "last_used": 5}, "${keyOf('a')}": {"accent": "cyan", "last_used": 5}}}`;
    writeFileSync(storePath, fileText);
    const store = new FileAccentStore({ path: storePath, wallClock: clockOf(5, 5), maxEntries: 2 });
    store.remember(makeIdentity('codex', 'c'), 'orange');
    expect(store.preferredAccent(makeIdentity('codex', 'b'))).toBeNull();
    expect(store.preferredAccent(makeIdentity('codex', 'a'))).toBe('cyan');
    store.remember(makeIdentity('codex', 'd'), 'sky');
    expect(store.preferredAccent(makeIdentity('codex', 'a'))).toBeNull();
    expect(Object.keys(storedDocument(storePath).identities).sort()).toEqual([keyOf('c'), keyOf('d')].sort());
  });

  it('refreshing an entry moves it out of the LRU victim position without reordering the map', () => {
    const a = makeIdentity('codex', 'a');
    const b = makeIdentity('codex', 'b');
    const c = makeIdentity('codex', 'c');
    const store = new FileAccentStore({ path: storePath, wallClock: clockOf(1, 2, 3, 4), maxEntries: 2 });
    store.remember(a, 'cyan');
    store.remember(b, 'magenta');
    store.remember(a, 'cyan'); // a is now the most recent
    store.remember(c, 'lime');
    expect([store.preferredAccent(a), store.preferredAccent(b), store.preferredAccent(c)]).toEqual(['cyan', null, 'lime']);
  });

  it('leaves no temporary file behind and replaces a stale one', () => {
    const directory = join(root, 'state', 'pad-lattice');
    mkdirSync(directory, { recursive: true });
    const stale = join(directory, `.identities.json.${process.pid}.tmp`);
    writeFileSync(stale, 'leftover from a crash', { mode: 0o644 });
    new FileAccentStore({ path: storePath, wallClock: clockOf(1) }).remember(makeIdentity('codex', 's1'), 'cyan');
    expect(readdirSync(directory)).toEqual(['identities.json']);
    expect(mode(storePath)).toBe(0o600);
  });

  it('tightens an existing store directory to 0700', () => {
    const directory = join(root, 'state', 'pad-lattice');
    mkdirSync(directory, { recursive: true, mode: 0o755 });
    new FileAccentStore({ path: storePath, wallClock: clockOf(1) }).remember(makeIdentity('codex', 's1'), 'cyan');
    expect(mode(directory)).toBe(0o700);
  });

  it('stores identities with lone surrogates under the U+FFFD key instead of failing', () => {
    const lone = makeIdentity('codex', 'bad\ud800id');
    const replaced = makeIdentity('codex', 'bad\ufffdid');
    expect(accentStoreKey(lone)).toBe(accentStoreKey(replaced));
    const store = new FileAccentStore({ path: storePath, wallClock: clockOf(1) });
    store.remember(lone, 'rose');
    expect(new FileAccentStore({ path: storePath }).preferredAccent(replaced)).toBe('rose');
  });

  it('ignores a remember with an empty accent', () => {
    const store = new FileAccentStore({ path: storePath });
    store.remember(makeIdentity('codex', 's1'), '');
    expect(store.preferredAccent(makeIdentity('codex', 's1'))).toBeNull();
    expect(existsSync(storePath)).toBe(false);
  });
});

describe('accent store location (control-plane.md §15.1)', () => {
  it('uses XDG_STATE_HOME when set and non-empty', () => {
    expect(defaultAccentStorePath({ XDG_STATE_HOME: '/xdg/state' }, '/home/dev')).toBe('/xdg/state/pad-lattice/identities.json');
  });

  it('expands a leading ~ in XDG_STATE_HOME', () => {
    expect(defaultAccentStorePath({ XDG_STATE_HOME: '~/st' }, '/home/dev')).toBe('/home/dev/st/pad-lattice/identities.json');
    expect(defaultAccentStorePath({ XDG_STATE_HOME: '~' }, '/home/dev')).toBe('/home/dev/pad-lattice/identities.json');
  });

  it('falls back to ~/.local/state when XDG_STATE_HOME is unset or empty', () => {
    expect(defaultAccentStorePath({}, '/home/dev')).toBe('/home/dev/.local/state/pad-lattice/identities.json');
    expect(defaultAccentStorePath({ XDG_STATE_HOME: '' }, '/home/dev')).toBe('/home/dev/.local/state/pad-lattice/identities.json');
  });

  it('takes the home directory from HOME in the given environment', () => {
    expect(defaultAccentStorePath({ HOME: '/home/env' })).toBe('/home/env/.local/state/pad-lattice/identities.json');
  });
});

describe('memory accent store', () => {
  it('starts from given preferences, remembers, and applies the same LRU bound', () => {
    const kept = makeIdentity('codex', 'returning');
    const store = new MemoryAccentStore({ preferences: [[kept, 'magenta']], wallClock: clockOf(1, 2, 3), maxEntries: 2 });
    expect(store.preferredAccent(kept)).toBe('magenta');
    store.remember(makeIdentity('codex', 'x'), 'cyan');
    store.remember(makeIdentity('codex', 'y'), 'lime');
    expect(store.size).toBe(2);
    expect(store.preferredAccent(kept)).toBeNull();
    expect(store.preferredAccent(makeIdentity('codex', 'y'))).toBe('lime');
  });
});

describe('atomic write directory permissions', () => {
  it('does not tighten a shared existing directory such as /tmp', () => {
    const shared = mkdtempSync(join(tmpdir(), 'pl-shared-'));
    chmodSync(shared, 0o755);
    writeFileAtomically(join(shared, 'ids.json'), '{}\n');
    expect(statSync(shared).mode & 0o777).toBe(0o755);
    expect(statSync(join(shared, 'ids.json')).mode & 0o777).toBe(0o600);
  });

  it('tightens an existing pad-lattice directory to 0700', () => {
    const own = join(mkdtempSync(join(tmpdir(), 'pl-own-')), 'pad-lattice');
    mkdirSync(own, { mode: 0o755 });
    writeFileAtomically(join(own, 'identities.json'), '{}\n');
    expect(statSync(own).mode & 0o777).toBe(0o700);
  });
});
