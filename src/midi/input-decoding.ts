import { CONTROL_CHANGE, NOTE_ON, type ChannelKind } from './midi-encoding.js';
import type { MidiBytes } from './midi-port.js';

/** Where a press came from. Channels are zero-based (0 = MIDI channel 1). */
export interface MidiAddress {
  readonly kind: ChannelKind;
  readonly number: number;
  readonly channel: number;
}

/**
 * Turns one received message into the address that was pressed, or null.
 * Only Note On with velocity > 0 and Control Change with value > 0 are presses
 * (midi-rendering.md §10); releases, Note Off, aftertouch, SysEx, clock and anything
 * malformed (a missing status byte from running status, stray status bytes in data
 * positions, wrong length) are ignored rather than thrown, because input is untrusted.
 */
export function decodePress(message: MidiBytes): MidiAddress | null {
  if (message.length !== 3) return null;
  const status = message[0]!;
  const number = message[1]!;
  const value = message[2]!;
  if (!Number.isInteger(status) || status < 0x80 || status > 0xff) return null;
  if (!isDataByte(number) || !isDataByte(value) || value === 0) return null;
  const kind = status & 0xf0;
  if (kind === NOTE_ON) return { kind: 'note', number, channel: status & 0x0f };
  if (kind === CONTROL_CHANGE) return { kind: 'cc', number, channel: status & 0x0f };
  return null;
}

const isDataByte = (byte: number) => Number.isInteger(byte) && byte >= 0 && byte <= 0x7f;
