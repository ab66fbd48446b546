import { createConnection, type Socket } from 'node:net';

/**
 * A raw test client: writes bytes, reads LF-terminated lines. Every reply is
 * awaited with a bound (no test relies on elapsed time to pass).
 */
export class WireClient {
  readonly socket: Socket;
  #buffer = '';
  #lines: string[] = [];
  #waiters: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  #ended = false;
  readonly closed: Promise<void>;
  receivedBytes = 0;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => this.#receive(chunk));
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.#ended = true;
        for (const waiter of this.#waiters.splice(0)) waiter.reject(new Error('connection closed'));
        resolve();
      }),
    );
  }

  static connect(path: string): Promise<WireClient> {
    return new Promise((resolve, reject) => {
      const socket = createConnection(path);
      socket.once('connect', () => resolve(new WireClient(socket)));
      socket.once('error', reject);
    });
  }

  get isClosed(): boolean {
    return this.#ended;
  }

  write(data: string | Uint8Array): void {
    this.socket.write(data);
  }

  /** Writes one JSON object as a line. */
  send(message: unknown): void {
    this.socket.write(`${JSON.stringify(message)}\n`);
  }

  nextLine(timeoutMs = 5000): Promise<string> {
    const ready = this.#lines.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.#ended) return Promise.reject(new Error('connection closed'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        reject(new Error(`no line within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter = {
        resolve: (line: string) => {
          clearTimeout(timer);
          resolve(line);
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.#waiters.push(waiter);
    });
  }

  async nextMessage(timeoutMs?: number): Promise<Record<string, unknown>> {
    return JSON.parse(await this.nextLine(timeoutMs)) as Record<string, unknown>;
  }

  /** Sends a message and returns the next line as an object. */
  async request(message: unknown): Promise<Record<string, unknown>> {
    this.send(message);
    return this.nextMessage();
  }

  /** Lines already received and not yet taken. */
  get pendingLines(): readonly string[] {
    return this.#lines;
  }

  destroy(): void {
    this.socket.destroy();
  }

  #receive(chunk: string): void {
    this.receivedBytes += chunk.length;
    this.#buffer += chunk;
    let lf = this.#buffer.indexOf('\n');
    while (lf >= 0) {
      const line = this.#buffer.slice(0, lf);
      this.#buffer = this.#buffer.slice(lf + 1);
      const waiter = this.#waiters.shift();
      if (waiter) waiter.resolve(line);
      else this.#lines.push(line);
      lf = this.#buffer.indexOf('\n');
    }
  }
}

/** Polls `probe` until it returns true; fails after `timeoutMs`. For effects that land asynchronously (disconnect clean-up, loop ticks). */
export async function eventually(probe: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition', intervalMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
