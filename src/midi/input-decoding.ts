import { CONTROL_CHANGE, NOTE_OFF, NOTE_ON, type ChannelKind } from './midi-encoding.js';
import type { MidiBytes } from './midi-port.js';

/** Where a press came from. Channels are zero-based (0 = MIDI channel 1). */
export interface MidiAddress {
  readonly kind: ChannelKind;
  readonly number: number;
  readonly channel: number;
}

/** A pad going down or coming up, at an address. */
export interface MidiPadChange {
  readonly address: MidiAddress;
  readonly down: boolean;
}

/**
 * Turns one received message into a pad going down or coming up, or null:
 * Note On with velocity > 0 and Control Change with value > 0 are presses
 * (midi-rendering.md §10); Note Off, Note On with velocity 0 and Control
 * Change with value 0 are releases, which only hold to approve reads.
 * Anything else, or malformed, is null.
 */
export function decodePadChange(message: MidiBytes): MidiPadChange | null {
  if (message.length !== 3) return null;
  const status = message[0]!;
  const number = message[1]!;
  const value = message[2]!;
  if (!Number.isInteger(status) || status < 0x80 || status > 0xff || !isDataByte(number) || !isDataByte(value)) return null;
  const kind = status & 0xf0;
  const channel = status & 0x0f;
  if (kind === NOTE_ON) return { address: { kind: 'note', number, channel }, down: value > 0 };
  if (kind === NOTE_OFF) return { address: { kind: 'note', number, channel }, down: false };
  if (kind === CONTROL_CHANGE) return { address: { kind: 'cc', number, channel }, down: value > 0 };
  return null;
}

/**
 * Turns one received message into the address that was pressed, or null.
 * Only Note On with velocity > 0 and Control Change with value > 0 are presses
 * (midi-rendering.md §10); releases, Note Off, aftertouch, SysEx, clock and anything
 * malformed (a missing status byte from running status, stray status bytes in data
 * positions, wrong length) are ignored rather than thrown, because input is untrusted.
 */
export function decodePress(message: MidiBytes): MidiAddress | null {
  const change = decodePadChange(message);
  return change?.down === true ? change.address : null;
}

const isDataByte = (byte: number) => Number.isInteger(byte) && byte >= 0 && byte <= 0x7f;
