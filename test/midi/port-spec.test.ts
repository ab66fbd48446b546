import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MidiDeviceError } from '../../src/midi/errors.js';
import { FileInput } from '../../src/midi/file-input.js';
import { parsePortSpec, resolvePortSpec, type PortSpecContext } from '../../src/midi/port-spec.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';

const tempDir = tempDirsPerTest('pad-lattice-spec-');

function context(backend = new MockMidiBackend()) {
  const stdout: string[] = [];
  const problems: string[] = [];
  let backendCalls = 0;
  const ctx: PortSpecContext = {
    backend: () => {
      backendCalls += 1;
      return backend;
    },
    stdout: { write: (text: string) => stdout.push(text) },
    reportProblem: (message) => problems.push(message),
  };
  return { ctx, stdout, problems, backendCalls: () => backendCalls };
}

describe('parsePortSpec', () => {
  it('recognises trace: outputs, file: inputs and device names', () => {
    expect(parsePortSpec('trace:-', 'output')).toEqual({ kind: 'trace', path: '-' });
    expect(parsePortSpec('trace:/tmp/a b.trace', 'output')).toEqual({ kind: 'trace', path: '/tmp/a b.trace' });
    expect(parsePortSpec('file:/tmp/pads.fifo', 'input')).toEqual({ kind: 'file', path: '/tmp/pads.fifo' });
    expect(parsePortSpec('Launchpad Pro MIDI 2 20:1', 'input')).toEqual({ kind: 'device', name: 'Launchpad Pro MIDI 2 20:1' });
  });

  it('refuses a spec used in the wrong direction or without a path', () => {
    expect(() => parsePortSpec('trace:-', 'input')).toThrow(/is an output; .*file:PATH/);
    expect(() => parsePortSpec('file:/x', 'output')).toThrow(/is an input; .*trace:PATH/);
    expect(() => parsePortSpec('trace:', 'output')).toThrow(MidiDeviceError);
    expect(() => parsePortSpec('file:', 'input')).toThrow(/needs a path/);
  });
});

describe('resolvePortSpec', () => {
  it('opens a trace output without touching the MIDI backend', () => {
    const { ctx, stdout, backendCalls } = context();
    const output = resolvePortSpec('trace:-', 'output', ctx);
    output.send([0xb0, 91, 21]);
    expect(stdout).toEqual(['B0 5B 15\n']);
    expect(backendCalls()).toBe(0);
  });

  it('opens a file input without touching the MIDI backend and reports its bad lines', async () => {
    const dir = tempDir();
    const path = join(dir, 'in.txt');
    writeFileSync(path, 'B0 5B 7F\nbad\n');
    const { ctx, problems, backendCalls } = context();
    const input = resolvePortSpec(`file:${path}`, 'input', ctx);
    expect(input).toBeInstanceOf(FileInput);
    await (input as FileInput).done;
    expect(input.drain().map((m) => [...m])).toEqual([[0xb0, 0x5b, 0x7f]]);
    expect(problems).toHaveLength(1);
    expect(backendCalls()).toBe(0);
    input.close();
  });

  it('opens device ports through the backend', () => {
    const backend = new MockMidiBackend().plug('Pad 20:0');
    const { ctx } = context(backend);
    expect(resolvePortSpec('Pad', 'output', ctx).name).toBe('Pad 20:0');
    expect(resolvePortSpec('Pad 20:0', 'input', ctx).name).toBe('Pad 20:0');
    expect(backend.openedOutputs).toHaveLength(1);
    expect(backend.openedInputs).toHaveLength(1);
  });

  it('writes a trace file that a file input can replay', async () => {
    const dir = tempDir();
    const path = join(dir, 'roundtrip.trace');
    const { ctx } = context();
    const output = resolvePortSpec(`trace:${path}`, 'output', ctx);
    const messages = [
      [0xf0, 0x00, 0x20, 0x29, 0x02, 0x0d, 0x0e, 0x01, 0xf7],
      [0x90, 81, 37],
      [0xb0, 89, 0],
    ];
    for (const message of messages) output.send(message);
    output.close();
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(4);
    const input = resolvePortSpec(`file:${path}`, 'input', ctx) as FileInput;
    await input.done;
    expect(input.drain().map((m) => [...m])).toEqual(messages);
    input.close();
  });
});
