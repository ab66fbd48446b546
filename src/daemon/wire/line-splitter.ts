import { isAscii } from 'node:buffer';
import { LF, MAX_MESSAGE_BYTES } from './limits.js';

/**
 * A line known to be ASCII, as text: its length is its byte count and it
 * needs no UTF-8 decoding. The splitter hands over lines of an ASCII stretch
 * of a chunk this way, after one check and one conversion for all of them.
 */
export type AsciiLine = string & { readonly __asciiLine: unique symbol };

/** One complete line without its LF. */
export type Line = Buffer | AsciiLine;

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
 * simply dropped by discarding the splitter. The lines of a chunk are handed
 * over as text (AsciiLine) when they are all ASCII, as they nearly always
 * are, otherwise as bytes.
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
  push(chunk: Uint8Array, onLine: (line: Line) => void): boolean {
    if (this.#overflowed) return false;
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const firstLf = bytes.indexOf(LF);
    if (firstLf < 0) return this.#keep(bytes);
    let start = 0;
    if (this.#pending.length > 0) {
      // The line begun in an earlier chunk ends here.
      handOver(this.#takeLine(bytes.subarray(0, firstLf)), onLine);
      start = firstLf + 1;
    }
    const end = bytes.lastIndexOf(LF) + 1;
    if (start < end) {
      const complete = bytes.subarray(start, end);
      if (isAscii(complete)) splitText(complete.toString('latin1'), onLine);
      else splitBytes(complete, onLine);
    }
    // Copy the tail so a small remainder does not pin the whole received chunk.
    if (end < bytes.length) this.#append(Buffer.from(bytes.subarray(end)));
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

/** Space, TAB, LF, VT, FF, CR: what a skippable line may consist of. */
function isBlankCode(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

function isBlank(line: Line): boolean {
  if (typeof line === 'string') {
    for (let i = 0; i < line.length; i += 1) if (!isBlankCode(line.charCodeAt(i))) return false;
    return true;
  }
  for (const byte of line) if (!isBlankCode(byte)) return false;
  return true;
}

function handOver(line: Line, onLine: (line: Line) => void): void {
  if (!isBlank(line)) onLine(line);
}

/** Every LF-terminated line of ASCII `text`. */
function splitText(text: string, onLine: (line: Line) => void): void {
  for (let start = 0, lf = text.indexOf('\n'); lf >= 0; start = lf + 1, lf = text.indexOf('\n', start)) {
    handOver(text.slice(start, lf) as AsciiLine, onLine);
  }
}

/** Every LF-terminated line of `bytes`. */
function splitBytes(bytes: Buffer, onLine: (line: Line) => void): void {
  for (let start = 0, lf = bytes.indexOf(LF); lf >= 0; start = lf + 1, lf = bytes.indexOf(LF, start)) {
    handOver(bytes.subarray(start, lf), onLine);
  }
}
