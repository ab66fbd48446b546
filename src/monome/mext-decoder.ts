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
 * How long the rest of a message may take. A grid writes each message whole,
 * so its bytes arrive within a USB packet or two (an FTDI part flushes at
 * least every 16 ms); a silence this long after a partial message means the
 * rest was lost. Far shorter than the time between two presses a person makes.
 */
export const PARTIAL_MESSAGE_TIMEOUT_MS = 100;

export interface MextDecoderOptions {
  /** Milliseconds on a monotonic clock; injected so tests step time exactly. */
  readonly now: () => number;
  readonly partialTimeoutMs?: number;
}

/**
 * Splits the byte stream from a grid into messages. Reads arrive in arbitrary
 * pieces, so a message may span several; an unknown header cannot be sized, so
 * it is dropped byte by byte until a known header resynchronises the stream.
 * A partial message is dropped when the next bytes come after a silence: the
 * stream is then back in step at the next message the grid writes, which
 * matters because 0x0F (the x of a 128's action column) is itself a header.
 * Holds at most one message of bytes, whatever the device sends.
 */
export class MextDecoder {
  readonly #pending = new Uint8Array(MAX_MESSAGE);
  readonly #now: () => number;
  readonly #partialTimeoutMs: number;
  #length = 0;
  #lastByteAt = 0;
  /** Bytes dropped because no known message starts with them. */
  skipped = 0;
  /** Partial messages dropped because their rest never came. */
  truncated = 0;

  constructor(options: MextDecoderOptions) {
    this.#now = options.now;
    this.#partialTimeoutMs = options.partialTimeoutMs ?? PARTIAL_MESSAGE_TIMEOUT_MS;
  }

  push(bytes: Uint8Array, onEvent: (event: MextEvent) => void): void {
    if (bytes.length === 0) return;
    const now = this.#now();
    if (this.#length > 0 && now - this.#lastByteAt >= this.#partialTimeoutMs) this.reset();
    this.#lastByteAt = now;
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

  /** Forgets a partial message (counted in `truncated`). */
  reset(): void {
    if (this.#length === 0) return;
    this.#length = 0;
    this.truncated += 1;
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
