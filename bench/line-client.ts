import { createConnection, type Socket } from 'node:net';
import { monotonicNs } from './latency.js';

/** One received line and when it arrived (monotonicNs()). */
export interface ReceivedLine {
  readonly line: string;
  readonly at: bigint;
}

/**
 * A bare Wire Protocol client on one persistent connection: writes lines and
 * time-stamps each received line the moment its bytes arrive, before any
 * promise machinery, so reply latencies are not inflated by the reader.
 */
export class LineConnection {
  readonly #socket: Socket;
  #partial = '';
  readonly #ready: ReceivedLine[] = [];
  #waiter: { resolve: (line: ReceivedLine) => void; reject: (error: Error) => void } | null = null;
  #closed = false;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.#receive(chunk));
    // A reset or a daemon that went away ends the wait for a reply instead of crashing the bench.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.#closed = true;
      this.#waiter?.reject(new Error('the daemon closed the connection'));
      this.#waiter = null;
    });
  }

  static connect(path: string): Promise<LineConnection> {
    return new Promise((resolve, reject) => {
      const socket = createConnection(path);
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new LineConnection(socket));
      });
    });
  }

  write(data: string): void {
    this.#socket.write(data);
  }

  /** The next line, waiting at most `timeoutMs`. One reader at a time. */
  nextLine(timeoutMs: number): Promise<ReceivedLine> {
    const ready = this.#ready.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.#closed) return Promise.reject(new Error('the daemon closed the connection'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiter = null;
        reject(new Error(`no reply from the daemon within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#waiter = {
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
  }

  close(): void {
    this.#socket.destroy();
  }

  #receive(chunk: string): void {
    const at = monotonicNs();
    const parts = (this.#partial + chunk).split('\n');
    this.#partial = parts.pop()!;
    for (const line of parts) {
      const waiter = this.#waiter;
      this.#waiter = null;
      if (waiter !== null) waiter.resolve({ line, at });
      else this.#ready.push({ line, at });
    }
  }
}
