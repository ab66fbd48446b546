import { describe, expect, it } from 'vitest';
import { MidiDeviceError, MidiMessageError, MidiPortClosedError, MidiUnavailableError } from '../../src/midi/errors.js';
import { describeMidiBackendContract, describeMidiOutputContract } from './midi-contract.js';
import { createMockMidiPair, MockMidiBackend, MockMidiInput, MockMidiOutput } from './mock-midi.js';

function rejection(output: MockMidiOutput, message: readonly number[]): MidiMessageError {
  try {
    output.send(message);
  } catch (error) {
    expect(error).toBeInstanceOf(MidiMessageError);
    return error as MidiMessageError;
  }
  throw new Error(`send(${JSON.stringify(message)}) was accepted`);
}

describe('MockMidiOutput', () => {
  it('records accepted messages as copies, in order', () => {
    const output = new MockMidiOutput();
    const reused = [0x90, 60, 100];
    output.send(reused);
    reused[2] = 0;
    output.send(new Uint8Array([0xb0, 91, 21]));
    output.send([0xf0, 0x00, 0x20, 0x29, 0x02, 0x10, 0x21, 0x01, 0xf7]);
    output.send([0xf0, 0xf7]);
    output.send([0xc0, 5]);
    output.send([0xf8]);
    expect(output.sentHex()).toEqual(['90 3C 64', 'B0 5B 15', 'F0 00 20 29 02 10 21 01 F7', 'F0 F7', 'C0 05', 'F8']);
  });

  it('rejects a send after close and does not record it', () => {
    const output = new MockMidiOutput();
    output.close();
    expect(output.isOpen()).toBe(false);
    expect(() => output.send([0x90, 60, 100])).toThrow(MidiPortClosedError);
    expect(output.sent).toEqual([]);
  });

  it('rejects values that are not bytes', () => {
    const output = new MockMidiOutput();
    expect(rejection(output, [0x90, 60, 300]).problem).toBe('not-a-byte');
    expect(rejection(output, [0x90, -1, 1]).problem).toBe('not-a-byte');
    expect(rejection(output, [0x90, 60, 1.5]).problem).toBe('not-a-byte');
    expect(output.sent).toEqual([]);
  });

  it('rejects data bytes above 127 (a status byte where a data byte belongs)', () => {
    const output = new MockMidiOutput();
    const error = rejection(output, [0x90, 60, 128]);
    expect(error.problem).toBe('status-in-data');
    expect(error.message).toContain('0x80');
    expect(rejection(output, [0xb0, 0xf8, 1]).problem).toBe('status-in-data');
  });

  it('rejects SysEx without F0…F7 framing or with status bytes inside', () => {
    const output = new MockMidiOutput();
    expect(rejection(output, [0xf0, 0x00, 0x20, 0x29]).problem).toBe('unframed-sysex');
    expect(rejection(output, [0xf0]).problem).toBe('unframed-sysex');
    expect(rejection(output, [0x00, 0x20, 0x29, 0xf7]).problem).toBe('missing-status');
    expect(rejection(output, [0xf7]).problem).toBe('unframed-sysex');
    expect(rejection(output, [0xf0, 0x01, 0x90, 0x02, 0xf7]).problem).toBe('status-in-data');
    expect(rejection(output, [0xf0, 0x01, 0xf7, 0xf7]).problem).toBe('status-in-data');
  });

  it('rejects a message that starts with a data byte (running status)', () => {
    expect(rejection(new MockMidiOutput(), [60, 100]).problem).toBe('missing-status');
  });

  it('rejects a wrong length for the status', () => {
    const output = new MockMidiOutput();
    expect(rejection(output, [0x90, 60]).problem).toBe('wrong-length');
    expect(rejection(output, [0x90, 60, 100, 61, 100]).problem).toBe('wrong-length');
    expect(rejection(output, [0xc0, 1, 2]).problem).toBe('wrong-length');
    expect(rejection(output, [0xf8, 0]).problem).toBe('wrong-length');
  });

  it('rejects empty messages and undefined statuses', () => {
    const output = new MockMidiOutput();
    expect(rejection(output, []).problem).toBe('empty');
    expect(rejection(output, [0xf4]).problem).toBe('undefined-status');
    expect(rejection(output, [0xfd]).problem).toBe('undefined-status');
  });
});

describe('MockMidiInput', () => {
  it('delivers injected messages to drain in order, then nothing', () => {
    const { input } = createMockMidiPair('Pad');
    input.inject([0xb0, 91, 127]);
    input.injectHex('90 58 64');
    expect(input.drain().map((m) => [...m])).toEqual([
      [0xb0, 91, 127],
      [0x90, 0x58, 0x64],
    ]);
    expect(input.drain()).toEqual([]);
  });

  it('tells listeners about each message and stops after unsubscribe', () => {
    const input = new MockMidiInput();
    const heard: number[][] = [];
    const unsubscribe = input.onMessage((message) => heard.push([...message]));
    input.inject([0xb0, 1, 2]);
    unsubscribe();
    input.inject([0xb0, 3, 4]);
    expect(heard).toEqual([[0xb0, 1, 2]]);
    expect(input.drain()).toHaveLength(2);
  });

  it('accepts garbage bytes so decoders can be tested, but not non-bytes', () => {
    const input = new MockMidiInput();
    input.inject([0x3c, 0x64]);
    expect(input.drain()).toHaveLength(1);
    expect(() => input.inject([256])).toThrow(RangeError);
  });

  it('drops pending messages on close and refuses injection afterwards', () => {
    const input = new MockMidiInput();
    input.inject([0xb0, 91, 127]);
    input.close();
    input.close();
    expect(input.isOpen()).toBe(false);
    expect(input.drain()).toEqual([]);
    expect(() => input.inject([0xb0, 91, 127])).toThrow(/closed/);
  });
});

describe('MockMidiBackend', () => {
  it('lists plugged ports and opens them by exact name or without the ALSA suffix', () => {
    const backend = new MockMidiBackend().plug('Launchpad Pro MIDI 2 20:1').plug('Keys Out 24:0', ['output']);
    expect(backend.listPorts()).toEqual({ inputs: ['Launchpad Pro MIDI 2 20:1'], outputs: ['Launchpad Pro MIDI 2 20:1', 'Keys Out 24:0'] });
    expect(backend.openOutput('Launchpad Pro MIDI 2').name).toBe('Launchpad Pro MIDI 2 20:1');
    expect(backend.openInput('Launchpad Pro MIDI 2 20:1').name).toBe('Launchpad Pro MIDI 2 20:1');
    expect(() => backend.openInput('Keys Out')).toThrow(MidiDeviceError);
    expect(backend.listCalls).toBe(1);
  });

  it('makes open ports of an unplugged device throw on use, like real hardware', () => {
    const backend = new MockMidiBackend().plug('Pad 20:0');
    const output = backend.openOutput('Pad 20:0');
    const input = backend.openInput('Pad 20:0');
    output.send([0x90, 11, 5]);
    backend.unplug('Pad 20:0');
    expect(backend.listPorts()).toEqual({ inputs: [], outputs: [] });
    expect(() => output.send([0x90, 11, 0])).toThrow(MidiPortClosedError);
    expect(() => input.inject([0xb0, 91, 127])).toThrow(/vanished/);
    expect(output.sentHex()).toEqual(['90 0B 05']);
  });

  it('lets a port appear again under a new name and opens it fresh', () => {
    const backend = new MockMidiBackend().plug('Pad 20:0');
    const before = backend.openOutput('Pad');
    backend.unplug('Pad 20:0').plug('Pad 24:0');
    const after = backend.openOutput('Pad');
    after.send([0xb0, 91, 21]);
    expect(after.name).toBe('Pad 24:0');
    expect(before.vanished).toBe(true);
    expect(backend.openedOutputs).toEqual([before, after]);
  });

  it('fails a chosen open once', () => {
    const backend = new MockMidiBackend().plug('Pad').failOpen('input', 'Pad', new Error('port busy'));
    expect(() => backend.openInput('Pad')).toThrow('port busy');
    expect(backend.openInput('Pad').isOpen()).toBe(true);
  });

  it('behaves like a machine without MIDI when made unavailable', () => {
    const unavailable = new MidiUnavailableError('system-unavailable', 'Failed to initialise RtMidi');
    const backend = new MockMidiBackend().plug('Pad').setUnavailable(unavailable);
    expect(() => backend.listPorts()).toThrow(unavailable);
    expect(() => backend.openOutput('Pad')).toThrow(unavailable);
  });
});

describeMidiOutputContract('MockMidiOutput', () => new MockMidiOutput());

describeMidiBackendContract('MockMidiBackend', () => {
  const port = 'Mock Pad 20:0';
  const backend = new MockMidiBackend().plug(port);
  return { backend, port, unplug: () => backend.unplug(port), plugIn: () => backend.plug(port) };
});
