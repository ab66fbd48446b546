import type { Socket } from 'node:net';
import { LineSplitter, type Line } from '../../wire/index.js';
import { DEFAULT_OUTPUT_LIMITS, formatBytes, type OutputLimits } from './output-budget.js';

export interface ConnectionHandler {
  /** One complete, non-blank line (without LF), in arrival order. */
  onLine(connection: Connection, line: Line): void;
  /** Called once when the connection is gone, whatever the cause (peer close, reset, write error, shutdown). */
  onClose(connection: Connection): void;
  /** Why the daemon closed a client on its own (it left its replies unread); one line for the log. */
  onEvicted?(connection: Connection, reason: string): void;
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
 *
 * Output budget (output-budget.ts): once the client's unread output passes
 * the budget, its requests are no longer read — between two lines, even
 * within one received chunk — until the output drains. Output that stays
 * above the budget for `stuckMs`, or passes the hard limit, closes the
 * client, and `onEvicted` says why.
 */
export class Connection {
  readonly id: number;
  readonly #socket: Socket;
  readonly #handler: ConnectionHandler;
  readonly #overflowLine: string;
  readonly #splitter = new LineSplitter();
  readonly #limits: OutputLimits;
  #queue: string[] = [];
  /** Bytes in #queue (every encoded line is ASCII, so characters are bytes). */
  #queuedBytes = 0;
  #flushScheduled = false;
  /** Reading stopped because unread output passed the budget; resumes on drain. */
  #throttled = false;
  #stuckTimer: NodeJS.Timeout | null = null;
  /** True while the lines of a received chunk are handled; their replies are flushed right after. */
  #receiving = false;
  #state: ConnectionState = 'open';

  constructor(id: number, socket: Socket, handler: ConnectionHandler, overflowLine: string, limits: OutputLimits = DEFAULT_OUTPUT_LIMITS) {
    this.id = id;
    this.#socket = socket;
    this.#handler = handler;
    this.#overflowLine = overflowLine;
    this.#limits = limits;
    socket.on('data', (chunk: Buffer) => this.#receive(chunk));
    socket.on('drain', () => this.#drained());
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
    this.#queuedBytes += line.length;
    if (!this.#receiving && !this.#flushScheduled) {
      this.#flushScheduled = true;
      queueMicrotask(() => this.#flush());
    }
  }

  /** Closes now, discarding queued output. Idempotent. */
  destroy(): void {
    if (this.#state === 'closed') return;
    this.#state = 'closing';
    this.#dropQueue();
    this.#socket.destroy();
  }

  #receive(chunk: Buffer): void {
    if (this.#state !== 'open') return;
    if (this.#splitter.append(chunk)) this.#serve();
    else this.#overflow();
  }

  /**
   * Handles the waiting lines in order until none is left or the unread
   * output passes the budget; writes their replies right after (before Node's
   * stream bookkeeping for the read runs). When the kernel took the replies at
   * once the next lines follow; otherwise reading stops until 'drain'.
   */
  #serve(): void {
    for (;;) {
      let stoppedByBudget = false;
      this.#receiving = true;
      try {
        while (this.#state === 'open') {
          if (this.#overBudget()) {
            stoppedByBudget = true;
            break;
          }
          const line = this.#splitter.nextLine();
          if (line === null) break;
          this.#handler.onLine(this, line);
        }
      } finally {
        this.#receiving = false;
      }
      this.#flush();
      if (!stoppedByBudget || this.#state !== 'open') return;
      if (this.#overBudget()) {
        this.#throttle();
        return;
      }
    }
  }

  #overBudget(): boolean {
    return this.#queuedBytes + this.#socket.writableLength > this.#limits.budgetBytes;
  }

  #throttle(): void {
    if (this.#throttled) return;
    this.#throttled = true;
    this.#socket.pause();
  }

  #drained(): void {
    this.#clearStuckTimer();
    if (!this.#throttled || this.#state !== 'open') return;
    this.#throttled = false;
    this.#socket.resume();
    this.#serve();
  }

  /** After each write: output above the budget must drain within stuckMs; above the hard limit the client goes now. */
  #watchOutput(): void {
    const unread = this.#socket.writableLength;
    if (unread > this.#limits.hardLimitBytes) {
      this.#evict(`more than ${formatBytes(this.#limits.hardLimitBytes)} of its replies are unread`);
    } else if (unread > this.#limits.budgetBytes && this.#stuckTimer === null) {
      this.#stuckTimer = setTimeout(() => {
        this.#stuckTimer = null;
        const seconds = this.#limits.stuckMs / 1000;
        this.#evict(`it left more than ${formatBytes(this.#limits.budgetBytes)} of replies unread for ${seconds} s`);
      }, this.#limits.stuckMs);
      this.#stuckTimer.unref();
    }
  }

  #evict(reason: string): void {
    if (this.#state !== 'open') return;
    this.#handler.onEvicted?.(this, reason);
    this.destroy();
  }

  #clearStuckTimer(): void {
    if (this.#stuckTimer === null) return;
    clearTimeout(this.#stuckTimer);
    this.#stuckTimer = null;
  }

  #dropQueue(): void {
    this.#queue = [];
    this.#queuedBytes = 0;
  }

  /** §4.3 rule 3: no more input is processed; the error goes out after what is queued, then the socket closes. */
  #overflow(): void {
    this.#state = 'closing';
    this.#socket.pause();
    const output = this.#queue.join('') + this.#overflowLine;
    this.#dropQueue();
    this.#socket.write(output, () => this.#socket.destroy());
  }

  #flush(): void {
    this.#flushScheduled = false;
    if (this.#state !== 'open' || this.#queue.length === 0) return;
    const output = this.#queue.length === 1 ? this.#queue[0]! : this.#queue.join('');
    this.#dropQueue();
    this.#socket.write(output);
    this.#watchOutput();
  }

  #closed(): void {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#dropQueue();
    this.#clearStuckTimer();
    this.#handler.onClose(this);
  }
}
