import type { ShowColor, ShowFrame } from '../domain/index.js';
import type { DeviceProfile, DeepReadonly } from '../profiles/device-profile.js';
import { rgbLayout, type RgbGroupItem } from '../profiles/rgb-layout.js';
import type { ShowRgbCapability } from '../profiles/schema.js';
import { MessageSlab } from './message-slab.js';
import { SYSEX_END, SYSEX_START } from '../midi/midi-encoding.js';

const UNKNOWN = 0xffff;
const MIDI_NUMBERS = 128;
const CHANNEL_VALUES = 256;
/** A pending group: first LED, last LED, R, G, B (native values). */
const GROUP_FIELDS = 5;
const SEVEN_BITS = 0x7f;

/** Every group item as a small opcode, so a message is written without looking at strings. */
const Op = { Literal: 0, First: 1, Last: 2, Whole: 3, High: 4, Low: 5 } as const;
type Op = (typeof Op)[keyof typeof Op];

interface CompiledItem {
  readonly op: Op;
  /** The literal byte, or the channel (0 red, 1 green, 2 blue). */
  readonly value: number;
}

const CHANNEL_INDEX: Readonly<Record<string, number>> = { r: 0, g: 1, b: 2 };

function compileItem(item: RgbGroupItem): CompiledItem {
  if (typeof item === 'number') return { op: Op.Literal, value: item };
  if (item === 'led' || item === 'first') return { op: Op.First, value: 0 };
  if (item === 'last') return { op: Op.Last, value: 0 };
  const [channel, part] = item.split('_');
  const value = CHANNEL_INDEX[channel!]!;
  return { op: part === undefined ? Op.Whole : part === 'hi' ? Op.High : Op.Low, value };
}

/**
 * The Show RGB SysEx path (midi-rendering.md §9.3, plus the show_rgb
 * extension): scales each colour to the device range, skips LEDs whose native
 * triple was already sent, and writes the rest as groups laid out by the
 * profile's `group` — `(number, R, G, B)` in Schema 1, with a lighting-type
 * byte on the Mk3 family, or LED ranges with 8-bit channels split in two bytes
 * behind a length header on the APC mini mk2 — at most `batch_size` groups per
 * message. The cache is keyed by LED number, as the SysEx addresses LEDs by number.
 */
export class RgbShowEncoder {
  /** False when the SysEx drives only the pads and the rails fall back to the palette (`lights: "grid"`). */
  readonly coversRails: boolean;
  readonly #prefix: Uint8Array;
  readonly #channelMax: number;
  /** scale() of every 0..255 channel value, so a frame's channels cost a lookup each. */
  readonly #scaled: Uint16Array;
  readonly #batchSize: number;
  readonly #items: readonly CompiledItem[];
  readonly #ranged: boolean;
  readonly #lengthHeader: boolean;
  /** LED number of each RGB light: grid row-major, then (when covered) top rail, right rail. */
  readonly #numbers: Uint8Array;
  /** Light indices in the order groups are written: frame order, or by LED number for ranges. */
  readonly #order: Uint16Array;
  /** Last native (R, G, B) per LED number; 0xFFFF = unknown. */
  readonly #sent = new Uint16Array(MIDI_NUMBERS * 3).fill(UNKNOWN);
  /** Native colour of each light in the frame being drawn, and whether it changed. */
  readonly #frame: Uint16Array;
  readonly #changed: Uint8Array;
  /** Scratch list of pending groups, reused by every frame. */
  readonly #groups: Uint16Array;
  readonly #slab = new MessageSlab();

  constructor(profile: DeviceProfile, capability: DeepReadonly<ShowRgbCapability>) {
    const layout = rgbLayout(capability);
    this.coversRails = layout.lights === 'show';
    this.#prefix = Uint8Array.from(layout.prefix);
    this.#channelMax = layout.channelMax;
    this.#scaled = Uint16Array.from({ length: CHANNEL_VALUES }, (_, channel) => this.scale(channel));
    this.#batchSize = layout.batchSize;
    this.#items = layout.group.map(compileItem);
    this.#ranged = layout.ranged;
    this.#lengthHeader = layout.lengthHeader;
    const showcase = profile.surface.showcase;
    const rails = this.coversRails ? [...showcase.top, ...showcase.right].map((address) => address.number) : [];
    this.#numbers = Uint8Array.from([...profile.grid.rows.flat(), ...rails]);
    const lights = [...this.#numbers.keys()];
    if (this.#ranged) lights.sort((a, b) => this.#numbers[a]! - this.#numbers[b]!);
    this.#order = Uint16Array.from(lights);
    this.#frame = new Uint16Array(this.#numbers.length * 3);
    this.#changed = new Uint8Array(this.#numbers.length);
    this.#groups = new Uint16Array(this.#numbers.length * GROUP_FIELDS);
  }

  /** Device value of one 0..255 channel. 255 is odd, so integer inputs never hit an exact half. */
  scale(channel: number): number {
    return Math.round((channel * this.#channelMax) / 255);
  }

  forget(): void {
    this.#sent.fill(UNKNOWN);
  }

  /** Sends the changed RGB lights of a frame whose shape was already checked. */
  render(frame: ShowFrame, send: (message: Uint8Array) => void): void {
    let light = 0;
    for (const row of frame.grid) for (const color of row) this.#take(light++, color);
    if (this.coversRails) {
      for (const color of frame.top) this.#take(light++, color);
      for (const color of frame.right) this.#take(light++, color);
    }
    const count = this.#collectGroups();
    for (let start = 0; start < count; start += this.#batchSize) {
      send(this.#sysex(start, Math.min(start + this.#batchSize, count)));
    }
  }

  /** Scales one light's colour and marks it changed unless the device already shows it. */
  #take(light: number, color: ShowColor): void {
    const scaled = this.#scaled;
    const rgb = color.rgb;
    const red = scaled[rgb[0]]!;
    const green = scaled[rgb[1]]!;
    const blue = scaled[rgb[2]]!;
    const at = this.#numbers[light]! * 3;
    const sent = this.#sent;
    const unchanged = sent[at] === red && sent[at + 1] === green && sent[at + 2] === blue;
    this.#changed[light] = unchanged ? 0 : 1;
    if (unchanged) return;
    sent[at] = red;
    sent[at + 1] = green;
    sent[at + 2] = blue;
    const frame = this.#frame;
    frame[light * 3] = red;
    frame[light * 3 + 1] = green;
    frame[light * 3 + 2] = blue;
  }

  /** Turns the changed lights into groups; a ranged layout merges consecutive LED numbers of one colour. */
  #collectGroups(): number {
    const groups = this.#groups;
    const frame = this.#frame;
    let count = 0;
    for (const light of this.#order) {
      if (this.#changed[light] === 0) continue;
      const number = this.#numbers[light]!;
      const red = frame[light * 3]!;
      const green = frame[light * 3 + 1]!;
      const blue = frame[light * 3 + 2]!;
      const last = (count - 1) * GROUP_FIELDS;
      const extendsLast =
        this.#ranged && count > 0 && groups[last + 1] === number - 1 && groups[last + 2] === red && groups[last + 3] === green && groups[last + 4] === blue;
      if (extendsLast) {
        groups[last + 1] = number;
        continue;
      }
      const at = count * GROUP_FIELDS;
      groups[at] = number;
      groups[at + 1] = number;
      groups[at + 2] = red;
      groups[at + 3] = green;
      groups[at + 4] = blue;
      count += 1;
    }
    return count;
  }

  #sysex(start: number, end: number): Uint8Array {
    const prefix = this.#prefix;
    const items = this.#items;
    const dataLength = (end - start) * items.length;
    const header = this.#lengthHeader ? 2 : 0;
    const message = this.#slab.cut(1 + prefix.length + header + dataLength + 1);
    message[0] = SYSEX_START;
    message.set(prefix, 1);
    let at = 1 + prefix.length;
    if (header > 0) {
      message[at++] = (dataLength >> 7) & SEVEN_BITS;
      message[at++] = dataLength & SEVEN_BITS;
    }
    const groups = this.#groups;
    for (let group = start; group < end; group += 1) {
      const base = group * GROUP_FIELDS;
      for (const item of items) message[at++] = this.#byte(item, groups, base);
    }
    message[at] = SYSEX_END;
    return message;
  }

  #byte(item: CompiledItem, groups: Uint16Array, base: number): number {
    switch (item.op) {
      case Op.Literal:
        return item.value;
      case Op.First:
        return groups[base]!;
      case Op.Last:
        return groups[base + 1]!;
      case Op.Whole:
        return groups[base + 2 + item.value]!;
      case Op.High:
        return (groups[base + 2 + item.value]! >> 7) & SEVEN_BITS;
      case Op.Low:
        return groups[base + 2 + item.value]! & SEVEN_BITS;
    }
  }
}
