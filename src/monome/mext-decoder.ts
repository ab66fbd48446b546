import { INCOMING_PAYLOAD, MEXT_IN } from './mext.js';

/** What a grid says, decoded. */
export type MextEvent =
  | { readonly type: 'key'; readonly x: number; readonly y: number; readonly down: boolean }
  | { readonly type: 'query'; readonly subsystem: number; readonly count: number }
  | { readonly type: 'id'; readonly id: string }
  | { readonly type: 'size'; readonly columns: number; readonly rows: number };

/** The longest message a grid sends: header + 32-byte id. */
const MAX_MESSAGE = 33;

/**
 * Splits the byte stream from a grid into messages. Reads arrive in arbitrary
 * pieces, so a message may span several; an unknown header cannot be sized, so
 * it is dropped byte by byte until a known header resynchronises the stream.
 * Holds at most one message of bytes, whatever the device sends.
 */
export class MextDecoder {
  readonly #pending = new Uint8Array(MAX_MESSAGE);
  #length = 0;
  /** Bytes dropped because no known message starts with them. */
  skipped = 0;

  push(bytes: Uint8Array, onEvent: (event: MextEvent) => void): void {
    for (const byte of bytes) {
      if (this.#length === 0 && !INCOMING_PAYLOAD.has(byte)) {
        this.skipped += 1;
        continue;
      }
      this.#pending[this.#length++] = byte;
      const header = this.#pending[0]!;
      if (this.#length === 1 + INCOMING_PAYLOAD.get(header)!) {
        this.#length = 0;
        const event = decode(header, this.#pending);
        if (event !== null) onEvent(event);
      }
    }
  }
}

function decode(header: number, message: Uint8Array): MextEvent | null {
  switch (header) {
    case MEXT_IN.keyDown:
    case MEXT_IN.keyUp:
      return { type: 'key', x: message[1]!, y: message[2]!, down: header === MEXT_IN.keyDown };
    case MEXT_IN.queryResponse:
      return { type: 'query', subsystem: message[1]!, count: message[2]! };
    case MEXT_IN.size:
      return { type: 'size', columns: message[1]!, rows: message[2]! };
    case MEXT_IN.id: {
      const raw = message.subarray(1, 33);
      const end = raw.indexOf(0);
      return { type: 'id', id: Buffer.from(end < 0 ? raw : raw.subarray(0, end)).toString('latin1') };
    }
    default:
      return null; // offsets, addresses, versions: known lengths, nothing we use
  }
}
