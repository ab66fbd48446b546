import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MidiDeviceError, MidiPortClosedError, MidiUnavailableError } from '../../src/midi/errors.js';
import { createJulusianBackend, type RtMidiModule } from '../../src/midi/julusian-backend.js';

/** A stand-in for @julusian/midi: ports by name; `opens` says whether openPortByName succeeds. */
function fakeModule(options: { inputs?: string[]; outputs?: string[]; initError?: string; opens?: boolean } = {}) {
  const calls: string[] = [];
  const sent: number[][] = [];
  let deliver: ((deltaTime: number, message: Buffer) => void) | null = null;
  const init = () => {
    if (options.initError !== undefined) throw new Error(options.initError);
  };
  class Port {
    #open = false;
    constructor() {
      init();
    }
    openPortByName(name: string) {
      calls.push(`open ${name}`);
      this.#open = options.opens ?? true;
    }
    isPortOpen() {
      return this.#open;
    }
    destroy() {
      calls.push('destroy');
      this.#open = false;
    }
  }
  const module: RtMidiModule = {
    verifyLibraryLoaded: () => undefined,
    Input: class extends Port {
      static getPortNames() {
        init();
        return options.inputs ?? [];
      }
      ignoreTypes(sysex: boolean, timing: boolean, activeSensing: boolean) {
        calls.push(`ignoreTypes ${sysex} ${timing} ${activeSensing}`);
      }
      on(_event: 'messageBuffer', listener: (deltaTime: number, message: Buffer) => void) {
        deliver = listener;
        return this;
      }
    },
    Output: class extends Port {
      static getPortNames() {
        init();
        return options.outputs ?? [];
      }
      send(message: number[] | Buffer) {
        sent.push([...message]);
      }
    },
  };
  return { module, calls, sent, deliver: (bytes: number[]) => deliver?.(0, Buffer.from(bytes)) };
}

describe('julusian backend', () => {
  it('maps "Failed to initialise RtMidi" to MidiUnavailableError with a plain reason', () => {
    const { module } = fakeModule({ initError: 'Failed to initialise RtMidi' });
    const backend = createJulusianBackend({ load: () => module });
    let caught: unknown;
    try {
      backend.listPorts();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MidiUnavailableError);
    const error = caught as MidiUnavailableError;
    expect(error.reason).toBe('system-unavailable');
    expect(error.detail).toBe('Failed to initialise RtMidi');
    expect(error.message).toMatch(/^MIDI support is unavailable: .*\(Failed to initialise RtMidi\).*\/dev\/snd\/seq/);
    expect(() => backend.openOutput('Pad')).toThrow(MidiUnavailableError);
  });

  it('maps a module that cannot load to a library-missing MidiUnavailableError', () => {
    const backend = createJulusianBackend({
      load: () => {
        throw new Error("Cannot find module '@julusian/midi'");
      },
    });
    expect(() => backend.listPorts()).toThrow(MidiUnavailableError);
    expect(() => backend.listPorts()).toThrow(/native module could not be loaded.*Install the runtime dependencies/);
  });

  it('lists ports and opens an output by its name without ALSA suffix', () => {
    const fake = fakeModule({ inputs: ['Pad 20:0'], outputs: ['Pad 20:0'] });
    const backend = createJulusianBackend({ load: () => fake.module });
    expect(backend.listPorts()).toEqual({ inputs: ['Pad 20:0'], outputs: ['Pad 20:0'] });
    const output = backend.openOutput('Pad');
    output.send([0x90, 11, 5]);
    output.send(new Uint8Array([0, 0xf0, 0x01, 0xf7]).subarray(1));
    output.close();
    output.close();
    expect(() => output.send([0x90, 11, 0])).toThrow(MidiPortClosedError);
    expect(output.name).toBe('Pad 20:0');
    expect(fake.sent).toEqual([
      [0x90, 11, 5],
      [0xf0, 0x01, 0xf7],
    ]);
    expect(fake.calls).toEqual(['open Pad 20:0', 'destroy']);
  });

  it('opens an input with SysEx enabled and clock/active sensing ignored, queueing messages', () => {
    const fake = fakeModule({ inputs: ['Pad 20:0'] });
    const input = createJulusianBackend({ load: () => fake.module }).openInput('Pad 20:0');
    expect(fake.calls).toEqual(['ignoreTypes false true true', 'open Pad 20:0']);
    fake.deliver([0xb0, 91, 127]);
    fake.deliver([0xf0, 0x7e, 0xf7]);
    expect(input.drain().map((m) => [...m])).toEqual([
      [0xb0, 91, 127],
      [0xf0, 0x7e, 0xf7],
    ]);
    input.close();
    fake.deliver([0xb0, 91, 127]);
    expect(input.drain()).toEqual([]);
  });

  it('reports a port that did not open and releases it', () => {
    const fake = fakeModule({ outputs: ['Pad'], opens: false });
    const backend = createJulusianBackend({ load: () => fake.module });
    expect(() => backend.openOutput('Pad')).toThrow(MidiDeviceError);
    expect(() => backend.openOutput('Pad')).toThrow(/did not open/);
    expect(fake.calls.at(-1)).toBe('destroy');
    expect(() => backend.openOutput('Other')).toThrow("no MIDI output named 'Other' (available: 'Pad')");
  });

  it('on this machine: reports a missing ALSA sequencer as MidiUnavailableError instead of crashing', () => {
    const backend = createJulusianBackend();
    // Where a sequencer exists (a developer's desktop) the real listing must simply work.
    if (existsSync('/dev/snd/seq')) {
      expect(backend.listPorts()).toEqual({ inputs: expect.any(Array), outputs: expect.any(Array) });
      return;
    }
    const failures = [() => backend.listPorts(), () => backend.openInput('Anything'), () => backend.openOutput('Anything')].map((call) => {
      try {
        call();
      } catch (error) {
        return error;
      }
      return 'succeeded';
    });
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(MidiUnavailableError);
      expect(failure).toMatchObject({ reason: 'system-unavailable' });
      // RtMidi's own words first, then what ALSA printed in the probe's child, summed up.
      expect((failure as MidiUnavailableError).detail).toMatch(/^Failed to initialise RtMidi; ALSA said 'open \/dev\/snd\/seq failed: /);
      expect((failure as Error).message).toContain('MIDI support is unavailable');
    }
  });
});
