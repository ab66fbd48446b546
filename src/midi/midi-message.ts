import { MidiMessageError } from './errors.js';
import { SYSEX_END, SYSEX_START } from './midi-encoding.js';
import type { MidiBytes } from './midi-port.js';

/** Bytes a message with this status byte must have, or null for SysEx / undefined statuses. */
export function expectedLength(status: number): number | null {
  if (status < 0x80) return null;
  if (status < 0xf0) {
    const kind = status & 0xf0;
    // Program change (Cx) and channel pressure (Dx) carry one data byte, the rest two.
    return kind === 0xc0 || kind === 0xd0 ? 2 : 3;
  }
  switch (status) {
    case 0xf1: // MTC quarter frame
    case 0xf3: // song select
      return 2;
    case 0xf2: // song position
      return 3;
    case 0xf6: // tune request
    case 0xf8:
    case 0xfa:
    case 0xfb:
    case 0xfc:
    case 0xfe:
    case 0xff:
      return 1;
    default:
      return null; // F0 (SysEx, variable), F7 (end only), F4/F5/F9/FD (undefined)
  }
}

const hex = (byte: number) => `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * What real hardware would reject in one outgoing message, or null when it is well
 * formed. Checks the shape only; it does not know what a device does with the values.
 */
export function findMessageProblem(message: MidiBytes): MidiMessageError | null {
  if (message.length === 0) return new MidiMessageError('empty', 'empty MIDI message');
  for (let i = 0; i < message.length; i += 1) {
    const byte = message[i]!;
    if (!Number.isInteger(byte) || byte < 0 || byte > 0xff) {
      return new MidiMessageError('not-a-byte', `byte ${i} is ${byte}, not an integer 0-255`);
    }
  }
  const status = message[0]!;
  if (status < 0x80) {
    return new MidiMessageError('missing-status', `first byte ${hex(status)} is a data byte; every message needs a status byte (no running status)`);
  }
  if (status === SYSEX_START) return sysexProblem(message);
  if (status === SYSEX_END) return new MidiMessageError('unframed-sysex', 'message starts with 0xF7 (end of SysEx) without a 0xF0');
  const length = expectedLength(status);
  if (length === null) return new MidiMessageError('undefined-status', `status ${hex(status)} is undefined in MIDI 1.0`);
  for (let i = 1; i < message.length; i += 1) {
    const byte = message[i]!;
    if (byte > 0x7f) {
      return new MidiMessageError('status-in-data', `byte ${i} is ${hex(byte)} (> 127) where a data byte belongs after status ${hex(status)}`);
    }
  }
  if (message.length !== length) {
    return new MidiMessageError('wrong-length', `status ${hex(status)} takes ${length} bytes, got ${message.length}`);
  }
  return null;
}

function sysexProblem(message: MidiBytes): MidiMessageError | null {
  const last = message.length - 1;
  if (last === 0 || message[last] !== SYSEX_END) {
    return new MidiMessageError('unframed-sysex', 'SysEx must end with 0xF7 (unterminated SysEx)');
  }
  for (let i = 1; i < last; i += 1) {
    const byte = message[i]!;
    if (byte > 0x7f) {
      return new MidiMessageError('status-in-data', `SysEx byte ${i} is ${hex(byte)} (> 127); SysEx data bytes must be 0-127`);
    }
  }
  return null;
}

export function assertMidiMessage(message: MidiBytes): void {
  const problem = findMessageProblem(message);
  if (problem !== null) throw problem;
}
