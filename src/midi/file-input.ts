import { constants, createReadStream, openSync, statSync } from 'node:fs';
import { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { fileProblem } from '../support/file-errors.js';
import { MidiDeviceError } from './errors.js';
import { parseHexLine } from './hex-line.js';
import { findMessageProblem } from './midi-message.js';
import { QueuedInput } from './queued-input.js';

/**
 * The longest line kept, in characters. The longest message Pad-Lattice itself
 * writes (a Show's RGB SysEx, 328 bytes) is 983 characters as hex; a longer
 * line is dropped as it streams in, so a runaway writer costs neither memory
 * nor time for the presses behind it.
 */
export const MAX_HEX_LINE_CHARS = 16_384;

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
  /** True while the rest of an over-long line is being skipped up to its newline. */
  #skippingLongLine = false;
  #lineNumber = 0;

  constructor(path: string, reportProblem: (message: string) => void) {
    super(`file:${path}`);
    this.#reportProblem = reportProblem;
    this.#source = openSource(path);
    this.#source.setEncoding('utf8');
    this.#source.on('data', (chunk: string) => this.#receive(chunk));
    this.#source.on('end', () => this.#flushLastLine());
    this.#source.on('error', (error) => this.#reportProblem(`${this.name}: read failed: ${fileProblem(error)}`));
    this.done = new Promise((resolve) => this.#source.once('close', () => resolve()));
  }

  protected override releaseSource(): void {
    this.#source.destroy();
  }

  #receive(chunk: string): void {
    let start = 0;
    for (let newline = chunk.indexOf('\n'); newline !== -1; newline = chunk.indexOf('\n', start)) {
      this.#extendLine(chunk.slice(start, newline));
      this.#endLine();
      start = newline + 1;
    }
    this.#extendLine(chunk.slice(start));
  }

  /** Adds text to the line being read, or starts skipping it once it grows past the limit. */
  #extendLine(text: string): void {
    if (this.#skippingLongLine || text === '') return;
    if (this.#partial.length + text.length <= MAX_HEX_LINE_CHARS) {
      this.#partial += text;
      return;
    }
    this.#partial = '';
    this.#skippingLongLine = true;
  }

  #endLine(): void {
    const line = this.#partial;
    this.#partial = '';
    this.#lineNumber += 1;
    if (!this.isOpen()) return;
    if (this.#skippingLongLine) {
      this.#skippingLongLine = false;
      return this.#skipLine(`longer than ${MAX_HEX_LINE_CHARS} characters`);
    }
    this.#acceptLine(line);
  }

  #flushLastLine(): void {
    if (this.#partial !== '' || this.#skippingLongLine) this.#endLine();
  }

  #acceptLine(line: string): void {
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
  const cannotRead = (problem: string) => `cannot read MIDI input file '${path}': ${problem}`;
  try {
    const stats = statSync(path);
    if (stats.isDirectory()) throw new MidiDeviceError(cannotRead('it is a folder; name a file or a FIFO (mkfifo PATH)'));
    if (!stats.isFIFO()) return createReadStream('', { fd: openSync(path, 'r') });
    // Opened read-write and non-blocking: the open returns at once, and because this
    // process holds a writer itself, writers may come and go without ending the stream.
    const fd = openSync(path, constants.O_RDWR | constants.O_NONBLOCK);
    return new Socket({ fd, readable: true, writable: false });
  } catch (error) {
    if (error instanceof MidiDeviceError) throw error;
    throw new MidiDeviceError(cannotRead(`${fileProblem(error)}; name an existing file or a FIFO (mkfifo PATH)`), { cause: error });
  }
}
