import type { DeepReadonly } from '../profiles/device-profile.js';
import { paletteBatchLayout, type PaletteGroupItem } from '../profiles/palette-sysex-layout.js';
import type { PaletteSysexCapability } from '../profiles/schema.js';
import type { LightTable } from './light-table.js';
import { MessageSlab } from './message-slab.js';
import { channelMessage, SYSEX_END, SYSEX_START } from '../midi/midi-encoding.js';

/** Receives each encoded MIDI message, in order, as soon as it is produced. */
export type MessageSink = (message: Uint8Array) => void;

/** Palette values are 0–127, so 0xFF marks "nothing known" (cache) or "nothing pending". */
const NONE = 0xff;
/** A group byte that is not a literal: the light's number, or its palette value. */
const LED = -1;
const VALUE = -2;

/** Where a frame's palette writes go: sent at once, or batched until the frame ends. */
interface Batch {
  readonly prefix: Uint8Array;
  readonly size: number;
  /** The group as bytes: a literal 0–127, LED or VALUE. */
  readonly items: Int16Array;
}

function compileBatch(capability: DeepReadonly<PaletteSysexCapability>): Batch {
  const layout = paletteBatchLayout(capability);
  const byte = (item: PaletteGroupItem) => (item === 'led' ? LED : item === 'value' ? VALUE : item);
  return { prefix: Uint8Array.from(layout.prefix), size: layout.batchSize, items: Int16Array.from(layout.group, byte) };
}

/**
 * The value cache of midi-rendering.md §4 and the way changed lights reach
 * the device. Without `palette_sysex` (Schema 1) each write that changes a
 * light is one Note On / Control Change, sent at once. With it, a frame's
 * writes are held until flush(): the latest value per light wins, lights that
 * end the frame showing what the device already shows are dropped, and the
 * rest go out as SysEx messages of at most `batch_size` groups, in the order
 * the lights were first written — one message per frame on the Launchpads.
 */
export class LightWriter {
  readonly #lights: LightTable;
  readonly #send: MessageSink;
  readonly #batch: Batch | null;
  /** Last palette value the device was sent per light. */
  readonly #sent: Uint8Array;
  /** The value each light ends the frame with, NONE when the frame has not written it (batched only). */
  readonly #pending: Uint8Array;
  /** Pending lights that go out even when the device already shows their value (a forced clear). */
  readonly #forced: Uint8Array;
  /** Pending lights in the order they were first written. */
  readonly #order: Uint16Array;
  #orderLength = 0;
  /** The lights of the frame's messages and their values, taken out of #pending before anything is sent. */
  readonly #outgoing: Uint16Array;
  readonly #outgoingValues: Uint8Array;
  readonly #slab = new MessageSlab();

  constructor(lights: LightTable, send: MessageSink, capability: DeepReadonly<PaletteSysexCapability> | undefined) {
    this.#lights = lights;
    this.#send = send;
    this.#batch = capability === undefined ? null : compileBatch(capability);
    this.#sent = new Uint8Array(lights.count).fill(NONE);
    this.#pending = new Uint8Array(lights.count).fill(NONE);
    this.#forced = new Uint8Array(lights.count);
    this.#order = new Uint16Array(lights.count);
    this.#outgoing = new Uint16Array(lights.count);
    this.#outgoingValues = new Uint8Array(lights.count);
  }

  /** Sets a light unless the device already shows `value` (or `force`), at once or at the next flush(). */
  write(light: number, value: number, force: boolean): void {
    if (this.#batch === null) {
      if (!force && this.#sent[light] === value) return;
      this.#send(channelMessage(this.#lights.status[light]!, this.#lights.number[light]!, value));
      this.#sent[light] = value;
      return;
    }
    const pending = this.#pending[light]!;
    if (pending === NONE) {
      if (!force && this.#sent[light] === value) return;
      this.#order[this.#orderLength++] = light;
    }
    this.#pending[light] = value;
    if (force) this.#forced[light] = 1;
  }

  /**
   * Ends a frame: sends the batched lights that changed. The cache learns each
   * message's lights only once it was sent, so a device that fails mid-frame
   * is repainted in full by the next frame, as in the unbatched path.
   */
  flush(): void {
    const batch = this.#batch;
    if (batch === null || this.#orderLength === 0) return;
    const count = this.#takePending();
    for (let start = 0; start < count; start += batch.size) {
      const end = Math.min(start + batch.size, count);
      this.#send(this.#sysex(batch, start, end));
      for (let i = start; i < end; i += 1) this.#sent[this.#outgoing[i]!] = this.#outgoingValues[i]!;
    }
  }

  /** Forgets what the device shows, so that the next frame writes every light it touches. */
  forget(): void {
    this.#sent.fill(NONE);
  }

  /** Empties the pending frame into #outgoing, keeping the lights that must go out, and counts them. */
  #takePending(): number {
    let count = 0;
    for (let i = 0; i < this.#orderLength; i += 1) {
      const light = this.#order[i]!;
      const value = this.#pending[light]!;
      if (this.#forced[light] === 1 || value !== this.#sent[light]) {
        this.#outgoing[count] = light;
        this.#outgoingValues[count] = value;
        count += 1;
      }
      this.#pending[light] = NONE;
      this.#forced[light] = 0;
    }
    this.#orderLength = 0;
    return count;
  }

  #sysex(batch: Batch, start: number, end: number): Uint8Array {
    const { prefix, items } = batch;
    const message = this.#slab.cut(1 + prefix.length + (end - start) * items.length + 1);
    message[0] = SYSEX_START;
    message.set(prefix, 1);
    let at = 1 + prefix.length;
    for (let i = start; i < end; i += 1) {
      const number = this.#lights.number[this.#outgoing[i]!]!;
      const value = this.#outgoingValues[i]!;
      for (const item of items) message[at++] = item === LED ? number : item === VALUE ? value : item;
    }
    message[at] = SYSEX_END;
    return message;
  }
}
