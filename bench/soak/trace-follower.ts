import { closeSync, constants, fstatSync, openSync, readSync, writeSync } from 'node:fs';

/**
 * Reads the device's trace file as the daemon appends to it, remembering
 * only the last light value per CC (the top-row buttons): the soak asks
 * "is approve lit now?", and a 30-minute trace is too long to reread on
 * every poll. A file that shrank was reopened by the daemon (the device
 * came back), so it is read again from the start.
 */
export class TraceFollower {
  #offset = 0;
  #partial = '';
  readonly #lastCc = new Map<string, { readonly value: string; readonly line: number }>();
  /** Lines read since the follower started (across reopenings). */
  lines = 0;

  constructor(private readonly path: string) {}

  /** Reads what was appended since the last call. */
  poll(): void {
    let fd: number;
    try {
      fd = openSync(this.path, constants.O_RDONLY);
    } catch {
      return;
    }
    try {
      const size = fstatSync(fd).size;
      if (size < this.#offset) {
        this.#offset = 0;
        this.#partial = '';
      }
      const buffer = Buffer.alloc(64 * 1024);
      for (;;) {
        const read = readSync(fd, buffer, 0, buffer.length, this.#offset);
        if (read === 0) break;
        this.#offset += read;
        this.#take(buffer.toString('latin1', 0, read));
      }
    } finally {
      closeSync(fd);
    }
  }

  /** The last value sent for control change `cc` on channel 1 ("15") and the line count when it was, or null if none yet. */
  lastCc(cc: number): { readonly value: string; readonly line: number } | null {
    return this.#lastCc.get(cc.toString(16).toUpperCase().padStart(2, '0')) ?? null;
  }

  #take(text: string): void {
    const lines = (this.#partial + text).split('\n');
    this.#partial = lines.pop() ?? '';
    for (const line of lines) {
      this.lines++;
      const cc = /^B0 ([0-9A-F]{2}) ([0-9A-F]{2})$/.exec(line);
      if (cc !== null) this.#lastCc.set(cc[1]!, { value: cc[2]!, line: this.lines });
    }
  }
}

/** Presses through the `file:` FIFO, as `echo "B0 5B 7F" > pads.fifo` would; fails at once when no daemon reads it. */
export function pressThroughFifo(fifo: string, hexLine: string): void {
  const fd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
  try {
    writeSync(fd, `${hexLine}\n`);
  } finally {
    closeSync(fd);
  }
}
