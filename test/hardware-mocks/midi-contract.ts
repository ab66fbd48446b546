import { describe, expect, it } from 'vitest';
import { MidiDeviceError, MidiMessageError, MidiPortClosedError } from '../../src/midi/errors.js';
import type { MidiBackend, MidiOutput } from '../../src/midi/midi-port.js';

/*
 * What every stand-in for a MIDI port or backend must do, whoever uses it —
 * the tests' mocks, the bench's counting ports, the soak's virtual Launchpad —
 * because real hardware behind RtMidi does it: a malformed message and a
 * send after close are refused, a device that was unplugged is missing from
 * the listing and its open output refuses every send while still claiming to
 * be open (RtMidi cannot tell), and a name that matches no port is refused.
 * Each double calls these with its own factory.
 */

const MALFORMED: readonly (readonly number[])[] = [[], [0x90, 60], [0x90, 60, 128], [0x3c, 0x7f], [0xf0, 0x01], [0x90, 60, 300]];

/** The contract of an output port; `make` returns a fresh, open one. */
export function describeMidiOutputContract(label: string, make: () => MidiOutput): void {
  describe(`${label} keeps the MIDI output contract`, () => {
    it('accepts well-formed messages and refuses malformed ones with a MidiMessageError', () => {
      const output = make();
      expect(() => output.send([0x90, 60, 100])).not.toThrow();
      expect(() => output.send([0xf0, 0x00, 0x20, 0x29, 0xf7])).not.toThrow();
      for (const message of MALFORMED) expect(() => output.send(message), JSON.stringify(message)).toThrow(MidiMessageError);
    });

    it('refuses a send after close with a MidiPortClosedError, and says it is closed', () => {
      const output = make();
      expect(output.isOpen()).toBe(true);
      output.close();
      expect(output.isOpen()).toBe(false);
      expect(() => output.send([0x90, 60, 100])).toThrow(MidiPortClosedError);
      expect(() => output.close()).not.toThrow();
    });
  });
}

/** A backend that can unplug and plug back the one device named `port`. */
export interface PluggableBackend {
  readonly backend: MidiBackend;
  readonly port: string;
  unplug(): void;
  plugIn(): void;
}

/** The contract of a backend; `make` returns one with the device plugged in. */
export function describeMidiBackendContract(label: string, make: () => PluggableBackend): void {
  describe(`${label} keeps the MIDI backend contract`, () => {
    it('lists the device while it is plugged in, and not while it is gone', () => {
      const { backend, port, unplug, plugIn } = make();
      expect(backend.listPorts().outputs).toContain(port);
      unplug();
      expect(backend.listPorts()).toEqual({ inputs: [], outputs: [] });
      plugIn();
      expect(backend.listPorts().inputs).toContain(port);
    });

    it('refuses a port name that matches nothing with a MidiDeviceError', () => {
      const { backend } = make();
      expect(() => backend.openOutput('No Such Pad')).toThrow(MidiDeviceError);
      expect(() => backend.openInput('No Such Pad')).toThrow(MidiDeviceError);
    });

    it('an output open when its device is unplugged refuses every send, yet still claims to be open', () => {
      const { backend, port, unplug } = make();
      const output = backend.openOutput(port);
      output.send([0x90, 60, 100]);
      unplug();
      expect(output.isOpen()).toBe(true);
      expect(() => output.send([0x90, 60, 0])).toThrow(MidiPortClosedError);
      output.close();
    });
  });
}
