import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MidiDeviceError, MidiMessageError, MidiPortClosedError } from '../../src/midi/errors.js';
import { formatHexLine, parseHexLine } from '../../src/midi/hex-line.js';
import { openTraceOutput } from '../../src/midi/trace-output.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';

const tempDir = tempDirsPerTest('pad-lattice-trace-');

describe('trace output', () => {
  it('writes each message to stdout as a line of space-separated upper-case hex for trace:-', () => {
    const lines: string[] = [];
    const output = openTraceOutput('-', { write: (text: string) => lines.push(text) });
    output.send([0xf0, 0x00, 0x20, 0x29, 0x02, 0x10, 0x21, 0x01, 0xf7]);
    output.send(new Uint8Array([0xb0, 91, 21]));
    output.send([0x90, 0x0b, 0x00]);
    expect(output.name).toBe('trace:-');
    expect(lines).toEqual(['F0 00 20 29 02 10 21 01 F7\n', 'B0 5B 15\n', '90 0B 00\n']);
  });

  it('writes a file that exists completely before close, and closes idempotently', () => {
    const path = join(tempDir(), 'out.trace');
    const output = openTraceOutput(path, { write: () => expect.unreachable('stdout used for a file trace') });
    output.send([0x90, 81, 37]);
    output.send([0xb0, 89, 37]);
    expect(readFileSync(path, 'utf8')).toBe('90 51 25\nB0 59 25\n');
    output.close();
    output.close();
    expect(output.isOpen()).toBe(false);
    expect(() => output.send([0x90, 81, 0])).toThrow(MidiPortClosedError);
    expect(readFileSync(path, 'utf8')).toBe('90 51 25\nB0 59 25\n');
  });

  it('refuses malformed messages instead of tracing them', () => {
    const lines: string[] = [];
    const output = openTraceOutput('-', { write: (text: string) => lines.push(text) });
    expect(() => output.send([0xf0, 0x00, 0x20])).toThrow(MidiMessageError);
    expect(() => output.send([0x90, 60, 200])).toThrow(MidiMessageError);
    expect(lines).toEqual([]);
  });

  it('reports an unwritable path as a device error naming it', () => {
    const path = join(tempDir(), 'missing', 'out.trace');
    expect(() => openTraceOutput(path, { write: () => true })).toThrow(MidiDeviceError);
    expect(() => openTraceOutput(path, { write: () => true })).toThrow(`cannot write MIDI trace '${path}'`);
  });
});

describe('hex lines', () => {
  it('parses what it formats, for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 40 }), (bytes) => {
        const line = formatHexLine(bytes);
        expect(line).toMatch(/^[0-9A-F]{2}( [0-9A-F]{2})*$/);
        expect(parseHexLine(line)).toEqual({ kind: 'bytes', bytes });
      }),
    );
  });

  it('accepts lower case and extra spacing, skips blanks and # comments, names a bad word', () => {
    expect(parseHexLine('  b0\t5b  7f \r')).toEqual({ kind: 'bytes', bytes: new Uint8Array([0xb0, 0x5b, 0x7f]) });
    expect(parseHexLine('   ')).toEqual({ kind: 'blank' });
    expect(parseHexLine('# approve')).toEqual({ kind: 'blank' });
    expect(parseHexLine('B0 5B 7')).toEqual({ kind: 'invalid', problem: '"7" is not a two-digit hex byte' });
    expect(parseHexLine('B0 5B ZZ').kind).toBe('invalid');
  });
});
