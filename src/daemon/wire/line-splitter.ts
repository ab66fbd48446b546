import { LF, MAX_MESSAGE_BYTES } from './limits.js';

/**
 * Splits a byte stream into NDJSON lines (wire-protocol-1.md §4.3).
 *
 * After each chunk is appended: if the unterminated buffer now exceeds the cap
 * and the chunk brought no LF, the stream is unusable (`push` returns false
 * and ignores everything afterwards; the daemon answers `frame_too_large` and
 * closes). Otherwise every complete line is handed to `onLine`, except lines
 * of ASCII whitespace only, which the protocol skips silently. Lines longer
 * than the cap are still handed over: the decoder rejects them individually.
 * Bytes after the last LF wait for the next chunk; at end of stream they are
 * simply dropped by discarding the splitter.
 */
export class LineSplitter {
  readonly #cap: number;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #overflowed = false;

  constructor(cap: number = MAX_MESSAGE_BYTES) {
    this.#cap = cap;
  }

  /** True once an unterminated oversize buffer was seen; nothing more is processed. */
  get overflowed(): boolean {
    return this.#overflowed;
  }

  /** Unterminated bytes waiting for their LF. */
  get pendingBytes(): number {
    return this.#pendingBytes;
  }

  /** Feeds one received chunk; returns false when the stream overflowed the cap. */
  push(chunk: Uint8Array, onLine: (line: Buffer) => void): boolean {
    if (this.#overflowed) return false;
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let lf = bytes.indexOf(LF);
    if (lf < 0) return this.#keep(bytes);
    let start = 0;
    while (lf >= 0) {
      const line = this.#takeLine(bytes.subarray(start, lf));
      if (!isBlank(line)) onLine(line);
      start = lf + 1;
      lf = bytes.indexOf(LF, start);
    }
    // Copy the tail so a small remainder does not pin the whole received chunk.
    if (start < bytes.length) this.#append(Buffer.from(bytes.subarray(start)));
    return true;
  }

  #keep(bytes: Buffer): boolean {
    if (this.#pendingBytes + bytes.length > this.#cap) {
      this.#overflowed = true;
      this.#pending = [];
      this.#pendingBytes = 0;
      return false;
    }
    this.#append(Buffer.from(bytes));
    return true;
  }

  #append(bytes: Buffer): void {
    this.#pending.push(bytes);
    this.#pendingBytes += bytes.length;
  }

  #takeLine(last: Buffer): Buffer {
    if (this.#pending.length === 0) return last;
    const line = Buffer.concat([...this.#pending, last], this.#pendingBytes + last.length);
    this.#pending = [];
    this.#pendingBytes = 0;
    return line;
  }
}

/** Space, TAB, LF, VT, FF, CR: the bytes a skippable line may consist of. */
function isBlank(line: Buffer): boolean {
  for (const byte of line) {
    if (byte !== 0x20 && (byte < 0x09 || byte > 0x0d)) return false;
  }
  return true;
}
