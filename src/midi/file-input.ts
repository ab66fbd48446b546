import { constants, createReadStream, openSync, statSync } from 'node:fs';
import { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { MidiDeviceError } from './errors.js';
import { parseHexLine } from './hex-line.js';
import { findMessageProblem } from './midi-message.js';
import { QueuedInput } from './queued-input.js';

/**
 * An input that reads messages as lines of hex bytes (the trace format) from a file:
 * a regular file is replayed to its end; a FIFO stays open and delivers lines as writers
 * send them, so `echo "B0 5B 7F" > pads.fifo` presses a button. Lines that are not
 * well-formed messages are reported through `reportProblem` and skipped, never fatal.
 */
export class FileInput extends QueuedInput {
  /** Resolves when the source is finished: end of a regular file, or close(). */
  readonly done: Promise<void>;
  readonly #source: Readable;
  readonly #reportProblem: (message: string) => void;
  #partial = '';
  #lineNumber = 0;

  constructor(path: string, reportProblem: (message: string) => void) {
    super(`file:${path}`);
    this.#reportProblem = reportProblem;
    this.#source = openSource(path);
    this.#source.setEncoding('utf8');
    this.#source.on('data', (chunk: string) => this.#receive(chunk));
    this.#source.on('end', () => this.#flushLastLine());
    this.#source.on('error', (error) => this.#reportProblem(`${this.name}: read failed: ${error.message}`));
    this.done = new Promise((resolve) => this.#source.once('close', () => resolve()));
  }

  protected override releaseSource(): void {
    this.#source.destroy();
  }

  #receive(chunk: string): void {
    const lines = (this.#partial + chunk).split('\n');
    this.#partial = lines.pop() ?? '';
    for (const line of lines) this.#acceptLine(line);
  }

  #flushLastLine(): void {
    if (this.#partial !== '') this.#acceptLine(this.#partial);
    this.#partial = '';
  }

  #acceptLine(line: string): void {
    this.#lineNumber += 1;
    if (!this.isOpen()) return;
    const parsed = parseHexLine(line);
    if (parsed.kind === 'blank') return;
    if (parsed.kind === 'invalid') return this.#skipLine(parsed.problem);
    const problem = findMessageProblem(parsed.bytes);
    if (problem !== null) return this.#skipLine(problem.message);
    this.deliver(parsed.bytes);
  }

  #skipLine(problem: string): void {
    this.#reportProblem(`${this.name} line ${this.#lineNumber}: ${problem}; line skipped`);
  }
}

function openSource(path: string): Readable {
  try {
    if (!statSync(path).isFIFO()) return createReadStream('', { fd: openSync(path, 'r') });
    // Opened read-write and non-blocking: the open returns at once, and because this
    // process holds a writer itself, writers may come and go without ending the stream.
    const fd = openSync(path, constants.O_RDWR | constants.O_NONBLOCK);
    return new Socket({ fd, readable: true, writable: false });
  } catch (error) {
    throw new MidiDeviceError(`cannot read MIDI input file '${path}': ${(error as Error).message}`, { cause: error });
  }
}
