import type { ShowColor, ShowFrame } from '../domain/index.js';
import type { ShowRgbCapability } from '../profiles/schema.js';
import type { DeviceProfile, DeepReadonly } from '../profiles/device-profile.js';
import { SYSEX_END, SYSEX_START } from './midi-encoding.js';

const UNKNOWN = 0xff;
const MIDI_NUMBERS = 128;
const GROUP_BYTES = 4;
const CHANNEL_VALUES = 256;
const SLAB_BYTES = 16 * 1024;

/**
 * The Show RGB SysEx path (midi-rendering.md §9.3): scales each colour to the
 * device range, skips LEDs whose native triple was already sent, and packs the
 * rest as `(number, R, G, B)` groups, at most `batch_size` per message.
 * The cache is keyed by LED number only, since the SysEx addresses LEDs by number.
 */
export class RgbShowEncoder {
  readonly #prefix: Uint8Array;
  readonly #channelMax: number;
  /**
   * scale() of every channel value, so a frame's 240 channels cost a lookup
   * each, not a division; ShowColor channels are integers 0..255 (makeShowColor).
   */
  readonly #scaled: Uint8Array;
  readonly #batchSize: number;
  /** LED numbers of the 80 show lights: grid row-major, then top rail, then right rail. */
  readonly #numbers: Uint8Array;
  /** Last native (R, G, B) per LED number; 0xFF = unknown (native values are at most 127). */
  readonly #sent = new Uint8Array(MIDI_NUMBERS * 3).fill(UNKNOWN);
  /** Scratch list of pending groups, reused by every frame. */
  readonly #updates: Uint8Array;
  /**
   * Messages are cut from this shared buffer: a fresh Uint8Array of a few
   * hundred bytes lives outside the JS heap and costs about a microsecond, a
   * view on a slab a tenth of that. Views never overlap; a full slab stays
   * alive only as long as messages cut from it do.
   */
  #slab = new ArrayBuffer(SLAB_BYTES);
  #slabUsed = 0;

  constructor(profile: DeviceProfile, capability: DeepReadonly<ShowRgbCapability>) {
    this.#prefix = Uint8Array.from(capability.sysex_prefix);
    this.#channelMax = capability.channel_max;
    this.#scaled = Uint8Array.from({ length: CHANNEL_VALUES }, (_, channel) => this.scale(channel));
    this.#batchSize = capability.batch_size;
    const showcase = profile.surface.showcase;
    this.#numbers = Uint8Array.from([
      ...profile.grid.rows.flat(),
      ...showcase.top.map((address) => address.number),
      ...showcase.right.map((address) => address.number),
    ]);
    this.#updates = new Uint8Array(this.#numbers.length * GROUP_BYTES);
  }

  /** Device value of one 0..255 channel. 255 is odd, so integer inputs never hit an exact half. */
  scale(channel: number): number {
    return Math.round((channel * this.#channelMax) / 255);
  }

  forget(): void {
    this.#sent.fill(UNKNOWN);
  }

  /** Sends the changed LEDs of a frame whose shape was already checked. */
  render(frame: ShowFrame, send: (message: Uint8Array) => void): void {
    let light = 0;
    let length = 0;
    for (const row of frame.grid) for (const color of row) length = this.#queueIfChanged(light++, color, length);
    for (const color of frame.top) length = this.#queueIfChanged(light++, color, length);
    for (const color of frame.right) length = this.#queueIfChanged(light++, color, length);
    const chunkBytes = this.#batchSize * GROUP_BYTES;
    for (let start = 0; start < length; start += chunkBytes) {
      send(this.#sysex(start, Math.min(start + chunkBytes, length)));
    }
  }

  /** Appends the group of show light `light` unless the device already shows it; returns the new length. */
  #queueIfChanged(light: number, color: ShowColor, length: number): number {
    const number = this.#numbers[light]!;
    const scaled = this.#scaled;
    const rgb = color.rgb;
    const red = scaled[rgb[0]]!;
    const green = scaled[rgb[1]]!;
    const blue = scaled[rgb[2]]!;
    const at = number * 3;
    const sent = this.#sent;
    if (sent[at] === red && sent[at + 1] === green && sent[at + 2] === blue) return length;
    sent[at] = red;
    sent[at + 1] = green;
    sent[at + 2] = blue;
    const updates = this.#updates;
    updates[length] = number;
    updates[length + 1] = red;
    updates[length + 2] = green;
    updates[length + 3] = blue;
    return length + GROUP_BYTES;
  }

  #sysex(start: number, end: number): Uint8Array {
    const prefix = this.#prefix;
    const message = this.#take(1 + prefix.length + (end - start) + 1);
    message[0] = SYSEX_START;
    message.set(prefix, 1);
    message.set(this.#updates.subarray(start, end), 1 + prefix.length);
    message[message.length - 1] = SYSEX_END;
    return message;
  }

  #take(length: number): Uint8Array {
    if (this.#slabUsed + length > this.#slab.byteLength) {
      this.#slab = new ArrayBuffer(Math.max(SLAB_BYTES, length));
      this.#slabUsed = 0;
    }
    const message = new Uint8Array(this.#slab, this.#slabUsed, length);
    this.#slabUsed += length;
    return message;
  }
}
