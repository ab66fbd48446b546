import { createInterface } from 'node:readline';

/** A yes/no answer: "y" or "yes" after trimming and lower-casing; anything else — also end of input — is no. */
export function parseAnswer(line: string | null): boolean {
  if (line === null) return false;
  const answer = line.trim().toLowerCase();
  return answer === 'y' || answer === 'yes';
}

/** The question the tester is asked; the prompt ends with the [y/N] hint and no newline. */
export function questionPrompt(question: string): string {
  return `${question} [y/N] `;
}

export class InterruptedError extends Error {
  override readonly name = 'InterruptedError';
  constructor() {
    super('interrupted');
  }
}

/**
 * Reads one line at a time from a stream (the terminal, or a pipe of answers).
 * After the end of input every read gives null; an abort rejects a pending
 * read with InterruptedError.
 */
export class LineReader {
  readonly #lines: string[] = [];
  readonly #waiting: ((line: string | null) => void)[] = [];
  readonly #close: () => void;
  #ended = false;

  constructor(stream: NodeJS.ReadableStream) {
    const reader = createInterface({ input: stream, crlfDelay: Infinity, terminal: false });
    reader.on('line', (line) => {
      const waiter = this.#waiting.shift();
      if (waiter !== undefined) waiter(line);
      else this.#lines.push(line);
    });
    reader.on('close', () => {
      this.#ended = true;
      for (const waiter of this.#waiting.splice(0)) waiter(null);
    });
    this.#close = () => reader.close();
  }

  readLine(signal?: AbortSignal): Promise<string | null> {
    if (signal?.aborted) return Promise.reject(new InterruptedError());
    const ready = this.#lines.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.#ended) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const index = this.#waiting.indexOf(deliver);
        if (index !== -1) this.#waiting.splice(index, 1);
        reject(new InterruptedError());
      };
      const deliver = (line: string | null) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(line);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(deliver);
    });
  }

  /** Stops reading (so the process can exit with stdin still open). */
  close(): void {
    this.#close();
  }
}
