import type { Socket } from 'node:net';
import { LineSplitter, type Line } from '../wire/index.js';

export interface ConnectionHandler {
  /** One complete, non-blank line (without LF), in arrival order. */
  onLine(connection: Connection, line: Line): void;
  /** Called once when the connection is gone, whatever the cause (peer close, reset, write error, shutdown). */
  onClose(connection: Connection): void;
}

type ConnectionState = 'open' | 'closing' | 'closed';

/**
 * One accepted client (wire-protocol-1.md §3.5, §4.3): splits its byte stream
 * into lines, queues output in order and writes it in batches: the replies to
 * a received chunk's lines together as soon as the chunk is handled, anything
 * else (notifications caused by other connections) once per turn of the
 * event loop. Protocol errors never close it; it closes on peer
 * end-of-stream or reset (queued output is discarded), on a write error, on
 * an unterminated oversize frame (after flushing `overflowLine`), and on
 * shutdown.
 */
export class Connection {
  readonly id: number;
  readonly #socket: Socket;
  readonly #handler: ConnectionHandler;
  readonly #overflowLine: string;
  readonly #splitter = new LineSplitter();
  #queue: string[] = [];
  #flushScheduled = false;
  /** True while the lines of a received chunk are handled; their replies are flushed right after. */
  #receiving = false;
  #state: ConnectionState = 'open';

  constructor(id: number, socket: Socket, handler: ConnectionHandler, overflowLine: string) {
    this.id = id;
    this.#socket = socket;
    this.#handler = handler;
    this.#overflowLine = overflowLine;
    socket.on('data', (chunk: Buffer) => this.#receive(chunk));
    // End-of-stream: close our side at once and drop unsent output, as the reference does.
    socket.on('end', () => this.destroy());
    // ECONNRESET, EPIPE and friends: 'close' follows and runs the clean-up.
    socket.on('error', () => this.destroy());
    socket.on('close', () => this.#closed());
  }

  get isOpen(): boolean {
    return this.#state === 'open';
  }

  /** Queues one encoded line; ignored once the connection is closing or closed. */
  send(line: string): void {
    if (this.#state !== 'open') return;
    this.#queue.push(line);
    if (!this.#receiving && !this.#flushScheduled) {
      this.#flushScheduled = true;
      queueMicrotask(() => this.#flush());
    }
  }

  /** Closes now, discarding queued output. Idempotent. */
  destroy(): void {
    if (this.#state === 'closed') return;
    this.#state = 'closing';
    this.#queue = [];
    this.#socket.destroy();
  }

  #receive(chunk: Buffer): void {
    if (this.#state !== 'open') return;
    let usable: boolean;
    this.#receiving = true;
    try {
      usable = this.#splitter.push(chunk, (line) => {
        if (this.#state === 'open') this.#handler.onLine(this, line);
      });
    } finally {
      this.#receiving = false;
    }
    if (!usable) this.#overflow();
    // Writing here rather than from a microtask gets a reply out before Node's stream bookkeeping for the read runs.
    else this.#flush();
  }

  /** §4.3 rule 3: no more input is processed; the error goes out after what is queued, then the socket closes. */
  #overflow(): void {
    this.#state = 'closing';
    this.#socket.pause();
    const output = this.#queue.join('') + this.#overflowLine;
    this.#queue = [];
    this.#socket.write(output, () => this.#socket.destroy());
  }

  #flush(): void {
    this.#flushScheduled = false;
    if (this.#state !== 'open' || this.#queue.length === 0) return;
    const output = this.#queue.length === 1 ? this.#queue[0]! : this.#queue.join('');
    this.#queue = [];
    this.#socket.write(output);
  }

  #closed(): void {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#queue = [];
    this.#handler.onClose(this);
  }
}
