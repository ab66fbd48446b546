import type { SerialTransport } from '../serial/serial-port.js';
import { MextDecoder, type MextEvent } from './mext-decoder.js';
import { IDENTIFY_REQUEST } from './mext.js';

/** monome grids talk at 115200 baud (libmonome opens them so). */
export const MEXT_BAUD_RATE = 115_200;

export interface GridIdentity {
  readonly id: string | null;
  readonly columns: number;
  readonly rows: number;
}

export class GridProbeError extends Error {
  override readonly name = 'GridProbeError';
}

const READ_CHUNK = 256;

export interface MextLinkOptions {
  /** The decoder's clock (milliseconds, monotonic); tests inject one. */
  readonly now?: () => number;
}

/**
 * One open grid: reads its bytes in a loop and hands decoded messages on, and
 * writes one message batch at a time (the serial binding cannot queue). The
 * first read or write failure — the grid was unplugged — is reported once
 * through `onLost`; closing the link is not a failure.
 */
export class MextLink {
  readonly #transport: SerialTransport;
  readonly #decoder: MextDecoder;
  #listener: (event: MextEvent) => void = () => {};
  #onLost: (error: unknown) => void = () => {};
  #tail: Promise<void> = Promise.resolve();
  #closing = false;
  #lost: unknown = null;

  constructor(transport: SerialTransport, options: MextLinkOptions = {}) {
    this.#transport = transport;
    this.#decoder = new MextDecoder({ now: options.now ?? (() => performance.now()) });
    // What the grid sent before we opened it may end mid-message: drop it, so
    // the stream starts at the first message after our identify request.
    const flushed = transport.flush().catch(() => {});
    this.#tail = flushed;
    void flushed.then(() => this.#readLoop());
  }

  get path(): string {
    return this.#transport.openOptions.path;
  }

  /** Where decoded messages and the loss go from now on. */
  listen(listener: (event: MextEvent) => void, onLost: (error: unknown) => void): void {
    this.#listener = listener;
    this.#onLost = onLost;
    if (this.#lost !== null) onLost(this.#lost);
  }

  /** Writes after every earlier write; rejects when the grid is gone. */
  write(bytes: Uint8Array): Promise<void> {
    const run = this.#tail.then(() => {
      if (this.#lost !== null) throw this.#lost;
      return this.#transport.write(bytes);
    });
    this.#tail = run.catch(() => {});
    return run.catch((error: unknown) => {
      this.#fail(error);
      throw error;
    });
  }

  /** Asks the grid what it is; resolves with its size (and id), or rejects after `timeoutMs` without an answer. */
  identify(timeoutMs: number): Promise<GridIdentity> {
    return new Promise((resolve, reject) => {
      let id: string | null = null;
      const timer = setTimeout(() => {
        reject(new GridProbeError(`no mext size answer within ${timeoutMs} ms: not a monome grid speaking mext`));
      }, timeoutMs);
      this.listen(
        (event) => {
          if (event.type === 'id') id = event.id;
          if (event.type === 'size') {
            clearTimeout(timer);
            if (event.columns === 0 || event.rows === 0) reject(new GridProbeError(`the device reports a ${event.columns}x${event.rows} grid`));
            else resolve({ id, columns: event.columns, rows: event.rows });
          }
        },
        (error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
      this.write(IDENTIFY_REQUEST).catch(() => {});
    });
  }

  /** Closes the port after pending writes (best effort: a vanished port cannot be closed cleanly). */
  async close(): Promise<void> {
    if (this.#closing) return;
    this.#closing = true;
    await this.#tail;
    if (this.#transport.isOpen) await this.#transport.close().catch(() => {});
  }

  async #readLoop(): Promise<void> {
    const buffer = new Uint8Array(READ_CHUNK);
    for (;;) {
      let bytesRead: number;
      try {
        ({ bytesRead } = await this.#transport.read(buffer, 0, buffer.length));
      } catch (error) {
        if (!this.#closing) this.#fail(error);
        return;
      }
      this.#decoder.push(buffer.subarray(0, bytesRead), (event) => this.#listener(event));
    }
  }

  #fail(error: unknown): void {
    if (this.#lost !== null || this.#closing) return;
    this.#lost = error ?? new Error('serial port failed');
    this.#onLost(this.#lost);
  }
}
