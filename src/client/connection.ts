import { createConnection, type Socket } from 'node:net';
import { ERROR_CODES, LineSplitter, MAX_MESSAGE_BYTES, decodeServerLine, encodeClientMessage, type ClientMessage, type ServerMessage } from '../wire/index.js';
import { DaemonDisconnectedError, DaemonProtocolError, DaemonTimeoutError, DaemonUnavailableError } from './errors.js';
import { checkPeer, checkSocketBeforeConnecting } from './server-check.js';

/** What the reader hands over: a decoded message, or a line the codec rejected. */
type Inbound = { readonly ok: true; readonly message: ServerMessage } | { readonly ok: false; readonly error: DaemonProtocolError };

interface Waiter {
  resolve(value: Inbound | null): void;
  timer: NodeJS.Timeout | null;
}

/** Connect failures that mean "no daemon here" rather than "something broke". */
const UNAVAILABLE_ERRNOS: ReadonlySet<string> = new Set(['ENOENT', 'ECONNREFUSED', 'ENOTSOCK', 'EACCES', 'EPERM', 'ENOTDIR']);

/**
 * One Unix-socket connection to the daemon, speaking NDJSON through the wire
 * codec. Reads are pulled one message at a time (`receive`), each with its own
 * optional time bound, so callers decide how long to wait.
 */
export class WireConnection {
  readonly #socket: Socket;
  readonly #splitter = new LineSplitter();
  readonly #inbox: Inbound[] = [];
  #waiter: Waiter | null = null;
  #ended = false;
  #closedByPeer = false;
  readonly #closed: Promise<void>;

  private constructor(
    readonly socketPath: string,
    socket: Socket,
  ) {
    this.#socket = socket;
    this.#closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('data', (chunk: Buffer) => this.#onData(chunk));
    socket.on('end', () => this.#finish(true));
    socket.on('close', () => this.#finish(true));
    // A reset or write failure surfaces as 'close' right after; the error itself carries nothing more for us.
    socket.on('error', () => undefined);
  }

  /**
   * Connects, or fails with DaemonUnavailableError / DaemonTimeoutError; an
   * UntrustedDaemonError when the socket is not this user's (server-check.ts).
   */
  static open(socketPath: string, timeoutMs: number): Promise<WireConnection> {
    return new Promise((resolve, reject) => {
      try {
        checkSocketBeforeConnecting(socketPath);
      } catch (error) {
        reject(error);
        return;
      }
      const socket = createConnection({ path: socketPath });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new DaemonTimeoutError(socketPath, 'connect', timeoutMs));
      }, timeoutMs);
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        socket.destroy();
        reject(connectError(socketPath, error));
      });
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        try {
          checkPeer(socketPath, socket);
        } catch (error) {
          socket.destroy();
          reject(error);
          return;
        }
        resolve(new WireConnection(socketPath, socket));
      });
    });
  }

  /** True once the daemon closed its side (as opposed to `close()` from here). */
  get closedByPeer(): boolean {
    return this.#closedByPeer;
  }

  get isOpen(): boolean {
    return !this.#ended;
  }

  /** Writes one message; refuses a message over the frame cap before anything is sent. */
  send(message: ClientMessage, timeoutMs: number): Promise<void> {
    const line = encodeClientMessage(message);
    // The encoder emits pure ASCII, so the string length is the byte length.
    if (line.length - 1 > MAX_MESSAGE_BYTES) {
      return Promise.reject(new DaemonProtocolError(ERROR_CODES.frameTooLarge, `${message.type} message is larger than ${MAX_MESSAGE_BYTES} bytes`));
    }
    if (this.#ended) return Promise.reject(this.#goneError());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.close();
        reject(new DaemonTimeoutError(this.socketPath, 'write', timeoutMs));
      }, timeoutMs);
      this.#socket.write(line, (error) => {
        clearTimeout(timer);
        if (error) reject(this.#goneError());
        else resolve();
      });
    });
  }

  /**
   * The next line from the daemon: a typed message, or a DaemonProtocolError
   * result for a line the codec rejected (the connection stays usable). Null
   * once the connection has ended and nothing is left to read. Rejects with
   * DaemonTimeoutError when `timeoutMs` passes first; the connection stays open.
   */
  receive(timeoutMs: number | null = null): Promise<Inbound | null> {
    if (this.#waiter !== null) return Promise.reject(new Error('WireConnection.receive is already waiting'));
    const queued = this.#inbox.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.#ended) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { resolve, timer: null };
      if (timeoutMs !== null) {
        waiter.timer = setTimeout(() => {
          if (this.#waiter === waiter) this.#waiter = null;
          reject(new DaemonTimeoutError(this.socketPath, 'read', timeoutMs));
        }, timeoutMs);
      }
      this.#waiter = waiter;
    });
  }

  /** A line that already arrived, without waiting; null when none is queued. */
  takeQueued(): Inbound | null {
    return this.#inbox.shift() ?? null;
  }

  /** Half-closes (the daemon sees end-of-stream after our last line) and waits up to `timeoutMs` for the daemon to close. */
  async finish(timeoutMs: number): Promise<void> {
    if (!this.#ended) this.#socket.end();
    const timer = setTimeout(() => this.close(), timeoutMs);
    await this.#closed;
    clearTimeout(timer);
  }

  /** Closes at once; a pending `receive` resolves with null. */
  close(): void {
    this.#socket.destroy();
    this.#finish(false);
  }

  /** Resolves when the socket is fully closed. */
  get closed(): Promise<void> {
    return this.#closed;
  }

  #onData(chunk: Buffer): void {
    const usable = this.#splitter.push(chunk, (line) => {
      const decoded = decodeServerLine(line);
      this.#deliver(decoded.ok ? decoded : { ok: false, error: new DaemonProtocolError(decoded.error.code, decoded.error.message) });
    });
    if (!usable) {
      // An unterminated line beyond the cap can never become a valid message.
      this.#deliver({ ok: false, error: new DaemonProtocolError(ERROR_CODES.frameTooLarge, 'the daemon sent a line larger than the frame cap') });
      this.close();
    }
  }

  #deliver(item: Inbound): void {
    const waiter = this.#waiter;
    if (waiter === null) {
      this.#inbox.push(item);
      return;
    }
    this.#waiter = null;
    if (waiter.timer !== null) clearTimeout(waiter.timer);
    waiter.resolve(item);
  }

  #finish(byPeer: boolean): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#closedByPeer = byPeer;
    const waiter = this.#waiter;
    this.#waiter = null;
    if (waiter !== null) {
      if (waiter.timer !== null) clearTimeout(waiter.timer);
      waiter.resolve(null);
    }
  }

  #goneError(): DaemonDisconnectedError {
    return new DaemonDisconnectedError(this.socketPath, `the daemon closed the connection (${this.socketPath})`);
  }
}

function connectError(socketPath: string, error: NodeJS.ErrnoException): Error {
  const code = error.code ?? null;
  if (code !== null && UNAVAILABLE_ERRNOS.has(code)) {
    if (code === 'EACCES' || code === 'EPERM') {
      // Something may be listening, but not for us (another user's daemon, or a locked-down directory).
      return new DaemonUnavailableError(socketPath, `cannot reach a Pad-Lattice daemon at ${socketPath} (permission denied)`, code);
    }
    const reason = code === 'ECONNREFUSED' ? 'nothing is listening' : code === 'ENOTSOCK' ? 'not a socket' : 'no socket file';
    return new DaemonUnavailableError(socketPath, `no Pad-Lattice daemon is running at ${socketPath} (${reason})`, code);
  }
  return error;
}

export type { Inbound };
