/**
 * A piece of a newline-delimited stream: a whole line (its LF not included,
 * a CR before it kept), or part of a line too long to hold, which is passed
 * on as it arrives and never read.
 */
export type LinePiece =
  | { readonly kind: 'line'; readonly bytes: Buffer; readonly terminated: boolean }
  | { readonly kind: 'oversized'; readonly bytes: Buffer; readonly starts: boolean; readonly ends: boolean };

const LF = 0x0a;

/**
 * Cuts a byte stream into lines, holding at most `limit` bytes of a line:
 * a longer one becomes `oversized` pieces (its LF in the last), so memory
 * stays bounded whatever a peer sends, and nothing is lost. The bytes of the
 * pieces, in order, are exactly the bytes pushed.
 */
export class LineSplitter {
  readonly #limit: number;
  #held: Buffer[] = [];
  #heldBytes = 0;
  #passing = false;

  constructor(limit: number) {
    if (!(limit > 0)) throw new RangeError(`the line limit must be positive, got ${limit}`);
    this.#limit = limit;
  }

  /** True while an oversized line is being passed on (it has not ended yet). */
  get midLine(): boolean {
    return this.#passing;
  }

  *push(chunk: Buffer): Generator<LinePiece> {
    let start = 0;
    for (let lf = chunk.indexOf(LF, start); lf >= 0; lf = chunk.indexOf(LF, start)) {
      if (this.#passing) {
        this.#passing = false;
        yield { kind: 'oversized', bytes: chunk.subarray(start, lf + 1), starts: false, ends: true };
      } else if (this.#heldBytes + (lf - start) > this.#limit) {
        yield* this.#startPassing(chunk.subarray(start, lf + 1), true);
      } else {
        yield { kind: 'line', bytes: this.#take(chunk.subarray(start, lf)), terminated: true };
      }
      start = lf + 1;
    }
    if (start >= chunk.length) return;
    const rest = chunk.subarray(start);
    if (this.#passing) yield { kind: 'oversized', bytes: rest, starts: false, ends: false };
    else if (this.#heldBytes + rest.length > this.#limit) yield* this.#startPassing(rest, false);
    else {
      // Copied: the caller may reuse the chunk's memory once push returns.
      this.#held.push(Buffer.from(rest));
      this.#heldBytes += rest.length;
    }
  }

  /** At the end of the stream: the last line if it had no LF, else null. */
  flush(): LinePiece | null {
    this.#passing = false;
    if (this.#heldBytes === 0) return null;
    return { kind: 'line', bytes: this.#take(Buffer.alloc(0)), terminated: false };
  }

  *#startPassing(tail: Buffer, ends: boolean): Generator<LinePiece> {
    const held = this.#take(Buffer.alloc(0));
    this.#passing = !ends;
    if (held.length > 0) yield { kind: 'oversized', bytes: held, starts: true, ends: false };
    yield { kind: 'oversized', bytes: tail, starts: held.length === 0, ends };
  }

  #take(tail: Buffer): Buffer {
    if (this.#heldBytes === 0) return tail;
    const whole = Buffer.concat([...this.#held, tail]);
    this.#held = [];
    this.#heldBytes = 0;
    return whole;
  }
}
