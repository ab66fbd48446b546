/*
 * Raw MIDI 1.0 bytes for what the drivers send (midi-rendering.md §2), so a
 * transport only writes bytes. Each function returns one complete message.
 * The status bytes are defined here once; decoding and checking use them too.
 */

export const NOTE_OFF = 0x80;
export const NOTE_ON = 0x90;
export const CONTROL_CHANGE = 0xb0;
export const SYSEX_START = 0xf0;
export const SYSEX_END = 0xf7;

/** Which channel message a light or press uses; channels are zero-based. */
export type ChannelKind = 'note' | 'cc';

/** A command a device profile sends as it is (startup, clear, shutdown): a channel message or SysEx data without framing. */
export type MidiCommand =
  | { readonly type: ChannelKind; readonly channel: number; readonly number: number; readonly value: number }
  | { readonly type: 'sysex'; readonly data: readonly number[] };

/** Note On for `note` addresses, Control Change for `cc`; "off" is value 0, never a Note Off. */
export function statusByteFor(kind: ChannelKind, channel: number): number {
  return (kind === 'note' ? NOTE_ON : CONTROL_CHANGE) | channel;
}

export function channelMessage(status: number, number: number, value: number): Uint8Array {
  const message = new Uint8Array(3);
  message[0] = status;
  message[1] = number;
  message[2] = value;
  return message;
}

/** Profile SysEx data excludes the framing; exactly one F0 goes in front and one F7 at the end. */
export function sysexMessage(data: readonly number[]): Uint8Array {
  const message = new Uint8Array(data.length + 2);
  message[0] = SYSEX_START;
  message.set(data, 1);
  message[data.length + 1] = SYSEX_END;
  return message;
}

/** A profile command (`messages.startup` / `clear` / `shutdown`); `note` commands are Note On even at value 0. */
export function commandMessage(command: MidiCommand): Uint8Array {
  if (command.type === 'sysex') return sysexMessage(command.data);
  return channelMessage(statusByteFor(command.type, command.channel), command.number, command.value);
}
