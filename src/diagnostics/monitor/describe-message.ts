import { decodePress, type MidiAddress } from '../../midi/input-decoding.js';

/** One received message as `monitor-midi` shows it to a profile author. */
export interface MessageDescription {
  /** E.g. "control change", "note on", "sysex". */
  readonly kind: string;
  /** Zero-based channel, as profiles write it; null for system messages. */
  readonly channel: number | null;
  /** Human-readable fields, e.g. "cc 91 value 127". */
  readonly detail: string;
  /** The address a profile would map, when the message is a press (note on / CC with a value above 0). */
  readonly press: MidiAddress | null;
}

const CHANNEL_KINDS: Readonly<Record<number, string>> = {
  0x80: 'note off',
  0x90: 'note on',
  0xa0: 'poly aftertouch',
  0xb0: 'control change',
  0xc0: 'program change',
  0xd0: 'channel pressure',
  0xe0: 'pitch bend',
};

const SYSTEM_KINDS: Readonly<Record<number, string>> = {
  0xf1: 'MTC quarter frame',
  0xf2: 'song position',
  0xf3: 'song select',
  0xf6: 'tune request',
  0xf8: 'clock',
  0xfa: 'start',
  0xfb: 'continue',
  0xfc: 'stop',
  0xfe: 'active sensing',
  0xff: 'reset',
};

function channelDetail(kind: number, data: readonly number[]): string {
  const [first = 0, second = 0] = data;
  switch (kind) {
    case 0x80:
    case 0x90:
      return `note ${first} velocity ${second}`;
    case 0xa0:
      return `note ${first} pressure ${second}`;
    case 0xb0:
      return `cc ${first} value ${second}`;
    case 0xc0:
      return `program ${first}`;
    case 0xd0:
      return `pressure ${first}`;
    default:
      return `value ${(second << 7) | first}`;
  }
}

/** Describes any received message; never throws, whatever the bytes. */
export function describeMessage(message: Uint8Array): MessageDescription {
  const status = message[0] ?? 0;
  const data = [...message.subarray(1)];
  if (status >= 0x80 && status < 0xf0) {
    const kind = status & 0xf0;
    return { kind: CHANNEL_KINDS[kind]!, channel: status & 0x0f, detail: channelDetail(kind, data), press: decodePress(message) };
  }
  if (status === 0xf0) return { kind: 'sysex', channel: null, detail: `${message.length} bytes`, press: null };
  const system = SYSTEM_KINDS[status];
  if (system !== undefined) return { kind: system, channel: null, detail: data.join(' '), press: null };
  return { kind: 'unknown', channel: null, detail: `${message.length} bytes`, press: null };
}
