import { describe, expect, it } from 'vitest';
import { MidiDeviceError, MidiUnavailableError } from '../../src/midi/errors.js';
import { openPortPair } from '../../src/midi/open-ports.js';
import { specOpener } from '../../src/midi/port-spec.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';

describe('midi-rendering.md §16', () => {
  it('scenario 30: output open failure → "could not open MIDI output"; input failure → output closed, then "could not open MIDI input"', () => {
    const failingOutput = new MockMidiBackend().plug('Pad').failOpen('output', 'Pad', new Error('device busy'));
    expect(() => openPortPair(failingOutput, { output: 'Pad', input: 'Pad' })).toThrow(new MidiDeviceError("could not open MIDI output 'Pad': device busy"));
    expect(failingOutput.openedInputs).toEqual([]);

    const failingInput = new MockMidiBackend().plug('Pad').failOpen('input', 'Pad', new Error('device busy'));
    expect(() => openPortPair(failingInput, { output: 'Pad', input: 'Pad' })).toThrow("could not open MIDI input 'Pad': device busy");
    expect(failingInput.openedOutputs).toHaveLength(1);
    expect(failingInput.openedOutputs[0]!.isOpen()).toBe(false);
  });
});

describe('openPortPair', () => {
  it('opens the output first, then the input, and sends nothing', () => {
    const backend = new MockMidiBackend().plug('Pad 20:0');
    const order: string[] = [];
    const ports = openPortPair(
      {
        openOutput(name) {
          order.push('output');
          return backend.openOutput(name);
        },
        openInput(name) {
          order.push('input');
          return backend.openInput(name);
        },
      },
      { output: 'Pad', input: 'Pad' },
    );
    expect(order).toEqual(['output', 'input']);
    expect(ports.output.name).toBe('Pad 20:0');
    expect(ports.input.isOpen()).toBe(true);
    expect(backend.openedOutputs[0]!.sent).toEqual([]);
  });

  it('names a missing port in the failure', () => {
    const backend = new MockMidiBackend().plug('Pad 20:0');
    expect(() => openPortPair(backend, { output: 'Pad', input: 'Keys' })).toThrow(
      "could not open MIDI input 'Keys': no MIDI input named 'Keys' (available: 'Pad 20:0')",
    );
  });

  it('ignores an error while closing the output after the input failed', () => {
    const backend = new MockMidiBackend().plug('Pad').failOpen('input', 'Pad', new Error('gone'));
    const opener = {
      openOutput: (name: string) => {
        const output = backend.openOutput(name);
        output.close = () => {
          throw new Error('close exploded');
        };
        return output;
      },
      openInput: (name: string) => backend.openInput(name),
    };
    expect(() => openPortPair(opener, { output: 'Pad', input: 'Pad' })).toThrow("could not open MIDI input 'Pad': gone");
  });

  it('lets "MIDI is unavailable" through unwrapped', () => {
    const unavailable = new MidiUnavailableError('system-unavailable', 'Failed to initialise RtMidi');
    const backend = new MockMidiBackend().setUnavailable(unavailable);
    expect(() => openPortPair(backend, { output: 'Pad', input: 'Pad' })).toThrow(unavailable);
  });

  it('opens trace and file specs through specOpener without a MIDI backend', () => {
    const written: string[] = [];
    const opener = specOpener({
      backend: () => expect.unreachable('backend requested'),
      stdout: { write: (text: string) => written.push(text) },
      reportProblem: () => undefined,
    });
    const ports = openPortPair(opener, { output: 'trace:-', input: 'file:/dev/null' });
    ports.output.send([0x90, 1, 2]);
    expect(written).toEqual(['90 01 02\n']);
    ports.input.close();
    ports.output.close();
  });
});
