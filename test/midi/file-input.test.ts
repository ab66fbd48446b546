import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MidiDeviceError } from '../../src/midi/errors.js';
import { FileInput, MAX_HEX_LINE_CHARS } from '../../src/midi/file-input.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pad-lattice-file-input-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const open = (path: string, problems: string[]) => {
  const input = new FileInput(path, (message) => problems.push(message));
  cleanups.push(() => input.close());
  return input;
};
const asLists = (messages: readonly Uint8Array[]) => messages.map((m) => [...m]);

describe('file input', () => {
  it('replays a regular file to its end, reporting bad lines without stopping', async () => {
    const path = join(tempDir(), 'presses.txt');
    writeFileSync(path, ['# approve, then slot 1', 'B0 5B 7F', '', 'b0 4f 7f', 'hello', '90 3C', 'F0 00 20 29 02 10 2D F7', '90 58 64'].join('\n'));
    const problems: string[] = [];
    const input = open(path, problems);
    await input.done;
    expect(asLists(input.drain())).toEqual([
      [0xb0, 0x5b, 0x7f],
      [0xb0, 0x4f, 0x7f],
      [0xf0, 0x00, 0x20, 0x29, 0x02, 0x10, 0x2d, 0xf7],
      [0x90, 0x58, 0x64],
    ]);
    expect(problems).toEqual([
      `file:${path} line 5: "hello" is not a two-digit hex byte; line skipped`,
      `file:${path} line 6: status 0x90 takes 3 bytes, got 2; line skipped`,
    ]);
    expect(input.isOpen()).toBe(true);
  });

  it('reads lines from a FIFO as writers send them, across several writers', async () => {
    const fifo = join(tempDir(), 'pads.fifo');
    execFileSync('mkfifo', [fifo]);
    const problems: string[] = [];
    const input = open(fifo, problems);
    const heard: number[][] = [];
    input.onMessage((message) => heard.push([...message]));

    writeFileSync(fifo, 'B0 5B 7F\n');
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    // A second writer, sending a line in two pieces plus a bad line.
    writeFileSync(fifo, 'B0 4F');
    writeFileSync(fifo, ' 7F\nnope\n90 58 64\n');
    await vi.waitFor(() => expect(heard).toHaveLength(3));

    expect(heard).toEqual([
      [0xb0, 0x5b, 0x7f],
      [0xb0, 0x4f, 0x7f],
      [0x90, 0x58, 0x64],
    ]);
    expect(asLists(input.drain())).toEqual(heard);
    expect(problems).toEqual([`file:${fifo} line 3: "nope" is not a two-digit hex byte; line skipped`]);

    input.close();
    await input.done;
    expect(input.isOpen()).toBe(false);
  });

  it('refuses a missing file with a device error naming it', () => {
    const path = join(tempDir(), 'absent.txt');
    expect(() => new FileInput(path, () => undefined)).toThrow(MidiDeviceError);
    expect(() => new FileInput(path, () => undefined)).toThrow(`cannot read MIDI input file '${path}'`);
  });

  it('skips a 16 MB line without keeping it, reports it in one short line, and delivers the press behind it', async () => {
    const path = join(tempDir(), 'runaway.txt');
    writeFileSync(path, `${'A'.repeat(16 * 1024 * 1024)}\nB0 5B 7F\n${'90 '.repeat(MAX_HEX_LINE_CHARS)}\n90 58 64`);
    const problems: string[] = [];
    const input = open(path, problems);
    await input.done;
    expect(asLists(input.drain())).toEqual([
      [0xb0, 0x5b, 0x7f],
      [0x90, 0x58, 0x64],
    ]);
    expect(problems).toEqual([
      `file:${path} line 1: longer than ${MAX_HEX_LINE_CHARS} characters; line skipped`,
      `file:${path} line 3: longer than ${MAX_HEX_LINE_CHARS} characters; line skipped`,
    ]);
  });

  it('quotes at most a short, escaped piece of a bad word', async () => {
    const path = join(tempDir(), 'bad-word.txt');
    writeFileSync(path, `B0 \u001b[2J${'Z'.repeat(5_000)}\n`);
    const problems: string[] = [];
    await open(path, problems).done;
    expect(problems).toEqual([`file:${path} line 1: "\\x1b[2J${'Z'.repeat(16)}…" is not a two-digit hex byte; line skipped`]);
  });

  it('names a missing file and a folder in plain words, with the fix', () => {
    const dir = tempDir();
    const absent = join(dir, 'absent.txt');
    expect(() => new FileInput(absent, () => undefined)).toThrow(
      `cannot read MIDI input file '${absent}': does not exist; name an existing file or a FIFO (mkfifo PATH)`,
    );
    expect(() => new FileInput(dir, () => undefined)).toThrow(`cannot read MIDI input file '${dir}': it is a folder; name a file or a FIFO (mkfifo PATH)`);
  });
});
