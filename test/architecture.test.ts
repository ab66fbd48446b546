import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The rules of the house that a reader can check mechanically: each native
 * library is reached through exactly one adapter file, every room imports
 * only rooms on lower floors, and no files import each other in a circle.
 */

const REPO = fileURLToPath(new URL('../', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every source file of the product, as repository paths: src/ and the bench. */
const FILES = [...sourceFiles(join(REPO, 'src')), ...sourceFiles(join(REPO, 'bench'))].map((file) => ({
  path: relative(REPO, file).split(sep).join('/'),
  text: readFileSync(file, 'utf8'),
}));
const PATHS = new Set(FILES.map((file) => file.path));

/** The room a file lives in: `bench`, or the folder under src/. */
function roomOf(path: string): string {
  const parts = path.split('/');
  return parts[0] === 'bench' ? 'bench' : parts[1]!;
}

/** The files a file imports (relative imports, static or dynamic, `.js` resolved to the `.ts` beside it). */
function importsOf(file: { path: string; text: string }): string[] {
  const targets: string[] = [];
  for (const match of file.text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*)'(\.[^']+)'/g)) {
    const target = normalize(join(dirname(file.path), match[1]!))
      .split(sep)
      .join('/')
      .replace(/\.js$/, '.ts');
    if (PATHS.has(target)) targets.push(target);
  }
  return targets;
}

const EDGES = new Map(FILES.map((file) => [file.path, importsOf(file)]));

/**
 * The floors of the house, lowest first (the README's Layout section draws
 * them): a room may import only rooms on lower floors. The browser app
 * (src/web/app) is built for the browser from the same rooms and is part of
 * the web room.
 */
const FLOORS: readonly (readonly string[])[] = [
  ['domain', 'support'],
  ['requests', 'visual-protocol', 'profiles', 'midi', 'serial', 'hid', 'unix-socket'],
  ['wire', 'render', 'monome', 'stream-deck', 'experiences', 'surfaces'],
  ['midi-grid', 'audio', 'client'],
  ['daemon', 'web'],
  ['agents', 'remote', 'diagnostics'],
  ['app'],
  ['bench'],
  ['cli'],
];
const FLOOR = new Map(FLOORS.flatMap((rooms, floor) => rooms.map((room) => [room, floor] as const)));

/** Files that import the package by name (type-only too) or pass its name to require()/import(). */
function filesReaching(library: string): string[] {
  const quoted = new RegExp(`(from\\s*|\\(\\s*)['"]${library}['"]`);
  return FILES.filter((file) => quoted.test(file.text)).map((file) => file.path);
}

describe('rule 1: one adapter per native library', () => {
  it.each([
    ['@julusian/midi', 'src/midi/julusian-backend.ts'],
    ['serialport', 'src/serial/serialport-backend.ts'],
    ['node-hid', 'src/hid/node-hid-backend.ts'],
    // The Stream Deck library without its own node-hid transport; it talks to our HID adapter.
    ['@elgato-stream-deck/core', 'src/stream-deck/library.ts'],
    ['ws', 'src/web/server/ws-adapter.ts'],
  ])('%s is reached only from %s', (library, adapter) => {
    expect(filesReaching(library)).toEqual([adapter]);
  });

  it('@elgato-stream-deck/node is not used: its own node-hid transport would be a second way to node-hid', () => {
    expect(filesReaching('@elgato-stream-deck/node')).toEqual([]);
  });

  // FFI, not a device driver: one file per system call it reaches (SO_PEERCRED, sock_diag).
  it('koffi is reached only from src/unix-socket/so-peercred.ts and src/web/server/loopback-owner.ts', () => {
    expect(filesReaching('koffi').sort()).toEqual(['src/unix-socket/so-peercred.ts', 'src/web/server/loopback-owner.ts']);
  });

  it.each([
    ['src/render', 'src/midi/julusian-backend.ts'],
    ['src/midi-grid', 'src/midi/julusian-backend.ts'],
    ['src/monome', 'src/serial/serialport-backend.ts'],
    ['src/stream-deck', 'src/hid/node-hid-backend.ts'],
  ])('%s never imports the native adapter %s: whoever opens a device loads it, lazily', (folder, adapter) => {
    const importers = FILES.filter((file) => file.path.startsWith(`${folder}/`) && (EDGES.get(file.path) ?? []).includes(adapter));
    expect(importers.map((file) => file.path)).toEqual([]);
  });
});

describe('the floors: every room imports only what lies below it', () => {
  it('every room of src/ and the bench has a floor', () => {
    const rooms = new Set(FILES.map((file) => roomOf(file.path)));
    expect([...rooms].filter((room) => !FLOOR.has(room)).sort()).toEqual([]);
    expect([...FLOOR.keys()].filter((room) => !rooms.has(room)).sort()).toEqual([]);
  });

  it('no import points sideways or up a floor', () => {
    const upward: string[] = [];
    for (const [from, targets] of EDGES) {
      for (const target of targets) {
        const [a, b] = [roomOf(from), roomOf(target)];
        if (a !== b && FLOOR.get(b)! >= FLOOR.get(a)!) upward.push(`${from} -> ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('no files import each other in a circle', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const target of EDGES.get(file) ?? []) {
        if (state.get(target) === 'open') circles.push([...stack.slice(stack.indexOf(target)), target].join(' -> '));
        else if (!state.has(target)) visit(target);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of EDGES.keys()) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });
});

describe('the check itself', () => {
  it('sees the imports it judges', () => {
    const rooms = (from: string) => new Set([...EDGES].filter(([file]) => roomOf(file) === from).flatMap(([, targets]) => targets.map(roomOf)));
    expect([...rooms('render')].sort()).toEqual(['domain', 'midi', 'profiles', 'render', 'visual-protocol']);
    expect(rooms('cli').has('app')).toBe(true);
    expect(rooms('app').has('surfaces')).toBe(true);
  });
});
