import type { Readable, Writable } from 'node:stream';
import { parseRpcLine, type RpcMessage, type Unreadable } from './json-rpc.js';
import { LineSplitter, type LinePiece } from './line-splitter.js';

/** Sees each whole line and what it says; returning false holds the line back (the proxy answered in its place). */
export type LineHandler = (line: Buffer, message: RpcMessage | Unreadable) => boolean;

export interface RelayOptions {
  readonly from: Readable;
  readonly to: Writable;
  /** Lines up to this many bytes are read; longer ones are passed on unread. */
  readonly lineLimit: number;
  readonly onLine: LineHandler;
  /** A line over the limit began: it is passed on without being read. */
  readonly onOversized: () => void;
  /** Writing to `to` failed (the reader went away); everything after is dropped. */
  readonly onBroken: (error: Error) => void;
}

/** Messages of the proxy's own waiting for an oversized line to end; each answers one tracked request, so few ever wait. */
const MAX_WAITING = 1_024;

/**
 * One direction of the proxy: the bytes of `from` reach `to` unchanged and
 * in order, a line at a time, with the proxy's own messages slipped in
 * between lines. `from` pauses while `to` is full, so a reader that stops
 * reading holds the writer back instead of filling memory.
 */
export class Relay {
  readonly #options: RelayOptions;
  readonly #splitter: LineSplitter;
  readonly #waiting: string[] = [];
  #paused = false;
  #broken = false;
  #ended = false;
  /** Settles when `from` has ended (end of stream, error or close). */
  readonly done: Promise<void>;

  constructor(options: RelayOptions) {
    this.#options = options;
    this.#splitter = new LineSplitter(options.lineLimit);
    const { from, to } = options;
    to.on('error', (error: Error) => this.#break(error));
    to.once('close', () => {
      // Closed after our own end(): expected, not a reader that went away.
      if (!this.#ended) this.#break(new Error('the stream was closed'));
    });
    this.done = new Promise((resolve) => {
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        const tail = this.#splitter.flush();
        if (tail !== null) this.#piece(tail);
        for (const line of this.#waiting.splice(0)) this.#write(line);
        resolve();
      };
      from.on('data', (chunk: Buffer | string) => {
        for (const piece of this.#splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)) this.#piece(piece);
      });
      from.once('end', end);
      from.once('error', end);
      from.once('close', end);
    });
  }

  /** True once writing failed: nothing more reaches the other side. */
  get broken(): boolean {
    return this.#broken;
  }

  /** Writes one line of the proxy's own (LF included) at the next line boundary. */
  send(line: string): void {
    if (!this.#splitter.midLine) {
      this.#write(line);
      return;
    }
    if (this.#waiting.length >= MAX_WAITING) this.#waiting.shift();
    this.#waiting.push(line);
  }

  /** Ends `to` once everything written so far has gone. */
  end(): void {
    if (this.#broken || this.#ended) return;
    this.#ended = true;
    this.#options.to.end();
  }

  #piece(piece: LinePiece): void {
    if (piece.kind === 'oversized') {
      if (piece.starts) this.#options.onOversized();
      this.#write(piece.bytes);
      if (piece.ends) for (const line of this.#waiting.splice(0)) this.#write(line);
      return;
    }
    const forward = isBlank(piece.bytes) || this.#options.onLine(piece.bytes, parseRpcLine(piece.bytes));
    if (!forward) return;
    this.#write(piece.bytes);
    if (piece.terminated) this.#write('\n');
  }

  #write(bytes: Buffer | string): void {
    if (this.#broken) return;
    if (this.#options.to.write(bytes) || this.#paused) return;
    this.#paused = true;
    this.#options.from.pause();
    this.#options.to.once('drain', () => this.#resume());
  }

  #resume(): void {
    this.#paused = false;
    this.#options.from.resume();
  }

  #break(error: Error): void {
    if (this.#broken) return;
    this.#broken = true;
    this.#waiting.length = 0;
    // Nobody reads any more: keep draining `from` so its writer is never stuck on a full pipe.
    if (this.#paused) this.#resume();
    this.#options.onBroken(error);
  }
}

function isBlank(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  return true;
}
