import { isAscii } from 'node:buffer';
import { LF, MAX_MESSAGE_BYTES } from './limits.js';

/** Smallest buffer the splitter allocates for a partial line (it doubles from there). */
const MIN_CAPACITY = 256;
const EMPTY = Buffer.alloc(0);

/**
 * A line known to be ASCII, as text: its length is its byte count and it
 * needs no UTF-8 decoding. `nextLine` hands lines over this way when all the
 * complete lines held are ASCII, after one check and one conversion for all
 * of them, instead of a view, a check and a conversion per line.
 */
export type AsciiLine = string & { readonly __asciiLine: unique symbol };

/** One complete line without its LF. */
export type Line = Buffer | AsciiLine;

/** The complete lines held, as text from byte `base` on; or `false`: they are not all ASCII. */
type HeldText = { readonly text: string; readonly base: number } | false;

/**
 * Splits a byte stream into NDJSON lines (wire-protocol-1.md §4.3).
 *
 * After each chunk is appended: if the unterminated bytes now exceed the cap
 * and the chunk brought no LF, the stream is unusable (`append` returns false
 * and ignores everything afterwards; the daemon answers `frame_too_large` and
 * closes). Complete lines are taken one at a time with `next`, so a reader
 * can stop between lines (the daemon does when a client's unread replies
 * pass its output budget) and go on later. Lines of ASCII whitespace only
 * are skipped silently. Lines longer than the cap whose LF came in the same
 * chunk are still handed over: the decoder rejects them individually.
 *
 * Memory: the bytes wait in one buffer that grows by doubling, so a client
 * that sends a line one byte per write costs about two bytes per byte, not a
 * buffer object per byte (issue 22.2: 40 such clients once took +137 MB). A
 * received chunk is used in place until a partial line is all that is left
 * of it; that tail is copied out, so an idle connection never pins a whole
 * read buffer. Handed-out lines are never overwritten.
 */
export class LineSplitter {
  readonly #cap: number;
  #buffer: Buffer = EMPTY;
  /** True while #buffer is a received chunk, which must not be written into. */
  #borrowed = false;
  /** Next unread byte. */
  #start = 0;
  /** End of the bytes held. */
  #end = 0;
  /** Just past the last LF held: bytes from here to #end are the unterminated tail. */
  #tail = 0;
  #overflowed = false;
  /** The complete lines from #start to #tail as text, made on demand; null when not made since the bytes last changed. */
  #heldText: HeldText | null = null;

  constructor(cap: number = MAX_MESSAGE_BYTES) {
    this.#cap = cap;
  }

  /** True once an unterminated oversize buffer was seen; nothing more is processed. */
  get overflowed(): boolean {
    return this.#overflowed;
  }

  /** Bytes received and not yet handed over (complete lines still to take, and the unterminated tail). */
  get pendingBytes(): number {
    return this.#end - this.#start;
  }

  /** Adds one received chunk; false when the stream overflowed the cap. */
  append(chunk: Uint8Array): boolean {
    if (this.#overflowed) return false;
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const offset = this.#store(bytes);
    this.#heldText = null;
    const lastLf = bytes.lastIndexOf(LF);
    if (lastLf >= 0) this.#tail = offset + lastLf + 1;
    else if (this.#end - this.#tail > this.#cap) {
      this.#overflowed = true;
      this.#release();
      return false;
    }
    return true;
  }

  /** The next complete, non-blank line (without its LF), or null when no complete line is waiting. */
  next(): Buffer | null {
    while (this.#start < this.#tail) {
      const lf = this.#buffer.indexOf(LF, this.#start);
      const line = this.#buffer.subarray(this.#start, lf);
      this.#start = lf + 1;
      if (!isBlank(line)) return line;
    }
    this.#keepOnlyTail();
    return null;
  }

  /** Like `next`, but as text (AsciiLine) while the complete lines held are all ASCII, as they nearly always are. */
  nextLine(): Line | null {
    if (this.#start >= this.#tail) return this.next();
    this.#heldText ??= this.#textOfHeldLines();
    if (this.#heldText === false) return this.next();
    const { text, base } = this.#heldText;
    while (this.#start < this.#tail) {
      const lf = text.indexOf('\n', this.#start - base) + base;
      const line = text.slice(this.#start - base, lf - base) as AsciiLine;
      this.#start = lf + 1;
      if (!isBlankText(line)) return line;
    }
    return this.next();
  }

  #textOfHeldLines(): HeldText {
    const complete = this.#buffer.subarray(this.#start, this.#tail);
    return isAscii(complete) ? { text: complete.toString('latin1'), base: this.#start } : false;
  }

  /** Appends a chunk and hands every complete line to `onLine`; false when the stream overflowed. */
  push(chunk: Uint8Array, onLine: (line: Buffer) => void): boolean {
    if (!this.append(chunk)) return false;
    for (let line = this.next(); line !== null; line = this.next()) onLine(line);
    return true;
  }

  /** Puts `bytes` after what is held; returns the offset they start at. */
  #store(bytes: Buffer): number {
    if (this.#start === this.#end) {
      // Nothing held: read the chunk where it is.
      this.#buffer = bytes;
      this.#borrowed = true;
      this.#start = this.#tail = 0;
      this.#end = bytes.length;
      return 0;
    }
    if (this.#borrowed || this.#end + bytes.length > this.#buffer.length) this.#moveInto(this.#end - this.#start + bytes.length);
    const offset = this.#end;
    bytes.copy(this.#buffer, offset);
    this.#end += bytes.length;
    return offset;
  }

  /** Copies the held bytes into a fresh buffer with room for `needed` bytes (lines already handed out keep theirs). */
  #moveInto(needed: number): void {
    let capacity = MIN_CAPACITY;
    while (capacity < needed * 2) capacity *= 2;
    const fresh = Buffer.allocUnsafe(capacity);
    this.#buffer.copy(fresh, 0, this.#start, this.#end);
    this.#tail -= this.#start;
    this.#end -= this.#start;
    this.#start = 0;
    this.#buffer = fresh;
    this.#borrowed = false;
    this.#heldText = null;
  }

  /** Once only a partial line is left: copy it out of a received chunk, or drop the buffer when nothing is left. */
  #keepOnlyTail(): void {
    if (this.#start === this.#end) this.#release();
    else if (this.#borrowed) this.#moveInto(this.#end - this.#start);
  }

  #release(): void {
    this.#heldText = null;
    this.#buffer = EMPTY;
    this.#borrowed = false;
    this.#start = this.#end = this.#tail = 0;
  }
}

/** Space, TAB, LF, VT, FF, CR: what a skippable line may consist of. */
function isBlankCode(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

function isBlank(line: Buffer): boolean {
  for (const byte of line) if (!isBlankCode(byte)) return false;
  return true;
}

function isBlankText(line: string): boolean {
  for (let i = 0; i < line.length; i += 1) if (!isBlankCode(line.charCodeAt(i))) return false;
  return true;
}
