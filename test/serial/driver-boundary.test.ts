import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * ARCHITECTURE.md rule 1: each native driver is reached through exactly one adapter
 * file. This covers the serial and HID drivers; MIDI and ws have their own adapters.
 */

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Files that import the package by name (type-only too) or pass its name to a call (require, import()). */
function filesReaching(driver: string): string[] {
  const quoted = new RegExp(`(from\\s*|\\(\\s*)['"]${driver}['"]`);
  return sourceFiles(SRC)
    .filter((file) => quoted.test(readFileSync(file, 'utf8')))
    .map((file) => relative(SRC, file));
}

describe('driver boundary', () => {
  it('serialport is reached only from src/serial/serialport-backend.ts', () => {
    expect(filesReaching('serialport')).toEqual(['serial/serialport-backend.ts']);
  });

  it('node-hid is reached only from src/hid/node-hid-backend.ts', () => {
    expect(filesReaching('node-hid')).toEqual(['hid/node-hid-backend.ts']);
  });
});
