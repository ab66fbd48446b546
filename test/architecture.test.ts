import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The rules of ../shared/ARCHITECTURE.md that a reader can check mechanically:
 * each driver is reached through exactly one adapter file, and the lower
 * floors import only what lies below them.
 */

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const FILES = sourceFiles(SRC).map((file) => ({ path: relative(SRC, file), text: readFileSync(file, 'utf8') }));

/** Files that import the package by name (type-only too) or pass its name to require()/import(). */
function filesReaching(driver: string): string[] {
  const quoted = new RegExp(`(from\\s*|\\(\\s*)['"]${driver}['"]`);
  return FILES.filter((file) => quoted.test(file.text)).map((file) => file.path);
}

/** The top-level src folders a folder's files import from (relative imports only). */
function foldersImportedBy(folder: string): Set<string> {
  const imported = new Set<string>();
  for (const file of FILES.filter((f) => f.path.startsWith(`${folder}${sep}`))) {
    for (const match of file.text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)) {
      const target = normalize(join(dirname(file.path), match[1]!)).split(sep);
      if (target.length > 1 && target[0] !== folder && target[0] !== '..') imported.add(target[0]!);
    }
  }
  return imported;
}

describe('ARCHITECTURE.md rule 1: one adapter per driver', () => {
  it.each([
    ['@julusian/midi', 'midi/julusian-backend.ts'],
    ['serialport', 'serial/serialport-backend.ts'],
    ['node-hid', 'hid/node-hid-backend.ts'],
    // The Stream Deck library without its own node-hid transport; it talks to our HID adapter.
    ['@elgato-stream-deck/core', 'stream-deck/library.ts'],
  ])('%s is reached only from src/%s', (driver, adapter) => {
    expect(filesReaching(driver)).toEqual([adapter.split('/').join(sep)]);
  });

  // `ws` serves two roles that share no code: the browser pad's WebSocket server, and the client of
  // Codex's app-server (WebSocket over a Unix socket). src/agents may not import src/web, and a shared
  // module would hold nothing both use, so each role has its own single adapter file.
  it('ws is reached only from src/web/server/ws-adapter.ts (the server) and src/agents/codex/app-server/ws-transport.ts (the client)', () => {
    expect(filesReaching('ws').sort()).toEqual([join('agents', 'codex', 'app-server', 'ws-transport.ts'), join('web', 'server', 'ws-adapter.ts')]);
  });

  it('@elgato-stream-deck/node is not used: its own node-hid transport would be a second way to node-hid', () => {
    expect(filesReaching('@elgato-stream-deck/node')).toEqual([]);
  });

  // FFI, not a device driver: one file per system call it reaches (SO_PEERCRED, sock_diag).
  it('koffi is reached only from src/unix-socket/so-peercred.ts and src/web/server/loopback-owner.ts', () => {
    expect(filesReaching('koffi').sort()).toEqual([join('unix-socket', 'so-peercred.ts'), join('web', 'server', 'loopback-owner.ts')]);
  });
});

describe('ARCHITECTURE.md layers: imports only point down', () => {
  it.each([
    ['domain', []],
    ['support', []],
    // src/support is floor 0: small helpers that import nothing of ours.
    ['visual-protocol', ['domain', 'support']],
    // What agents ask, made fit to show (redaction, descriptions, approval tiers): pure, beside the domain.
    ['requests', ['domain']],
    ['profiles', ['domain', 'support']],
    ['midi', ['domain', 'support']],
    ['serial', ['domain', 'support']],
    ['hid', ['domain', 'support']],
    // Device drivers over the transport interfaces (types only, see below).
    ['monome', ['domain', 'support', 'visual-protocol', 'profiles', 'serial']],
    ['stream-deck', ['domain', 'support', 'visual-protocol', 'profiles', 'hid']],
    // The LED rendering core: profile -> lights -> diff -> MIDI messages, through the MIDI codec.
    ['render', ['domain', 'support', 'visual-protocol', 'profiles', 'midi']],
    // The agent adapters talk to the daemon through the client and the wire helpers; the commands in
    // src/cli sit above them (the hooks run as programs of their own and must not load the CLI).
    ['agents', ['domain', 'support', 'client', 'wire', 'unix-socket', 'requests']],
  ])('src/%s imports only %j', (folder, allowed) => {
    const extra = [...foldersImportedBy(folder)].filter((f) => !(allowed as string[]).includes(f));
    expect(extra).toEqual([]);
  });

  it.each([
    ['render', 'midi/julusian-backend'],
    ['monome', 'serial/serialport-backend'],
    ['stream-deck', 'hid/node-hid-backend'],
  ])('src/%s never imports the native adapter src/%s.ts (it is loaded lazily, by whoever opens a device)', (folder, adapter) => {
    const adapterImport = new RegExp(`from\\s+'\\.\\./${adapter}\\.js'`);
    const importers = FILES.filter((f) => f.path.startsWith(`${folder}${sep}`)).filter((f) => adapterImport.test(f.text));
    expect(importers.map((f) => f.path)).toEqual([]);
  });
});

describe('the layer check itself', () => {
  it('sees the imports it judges (render reaches profiles and the domain)', () => {
    expect([...foldersImportedBy('render')].sort()).toEqual(['domain', 'midi', 'profiles', 'visual-protocol']);
    expect(foldersImportedBy('cli').has('daemon')).toBe(true);
    expect([...foldersImportedBy('agents')].sort()).toEqual(['client', 'domain', 'requests', 'support', 'unix-socket', 'wire']);
  });
});
