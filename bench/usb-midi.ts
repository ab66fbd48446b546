/*
 * What a frame costs on the cable. USB-MIDI 1.0 carries MIDI in 4-byte event
 * packets: a channel message fills one packet, SysEx travels 3 bytes per
 * packet (the last one holds 1–3). A full-speed device moves one 64-byte
 * transfer per 1 ms USB frame, i.e. 16 event packets per millisecond.
 */

export const USB_EVENT_PACKETS_PER_MS = 16;
const SYSEX_BYTES_PER_PACKET = 3;
const SYSEX_START = 0xf0;

/** One frame as it travels to the device. */
export interface FrameOnWire {
  readonly messages: number;
  readonly sysexMessages: number;
  readonly bytes: number;
  readonly usbPackets: number;
  /** Milliseconds the packets take at USB_EVENT_PACKETS_PER_MS. */
  readonly wireMs: number;
}

export function usbPackets(message: Uint8Array): number {
  return message[0] === SYSEX_START ? Math.ceil(message.length / SYSEX_BYTES_PER_PACKET) : 1;
}

export function frameOnWire(messages: readonly Uint8Array[]): FrameOnWire {
  let bytes = 0;
  let packets = 0;
  let sysex = 0;
  for (const message of messages) {
    bytes += message.length;
    packets += usbPackets(message);
    if (message[0] === SYSEX_START) sysex += 1;
  }
  return { messages: messages.length, sysexMessages: sysex, bytes, usbPackets: packets, wireMs: packets / USB_EVENT_PACKETS_PER_MS };
}
