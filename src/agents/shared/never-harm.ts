/**
 * "The agent must never be harmed by Pad-Lattice" (agent-adapters.md §1.1):
 * helpers that turn every failure of an optional daemon interaction into
 * "nothing happened", in bounded time.
 */

/** Sentinel a bounded task resolves to when it failed or ran out of time. */
export const NOTHING: unique symbol = Symbol('nothing');

/**
 * Runs `task` for at most `timeoutMs`. Resolves to its value, or to NOTHING
 * when it threw, rejected or took too long; never rejects. `onProblem` sees
 * the reason (an Error, or a TimeoutReason) and must not throw either.
 * A task still running at the deadline is abandoned, not cancelled: callers
 * give tasks their own inner time bounds so nothing lingers for long.
 */
export async function withoutHarm<T>(task: () => Promise<T>, timeoutMs: number, onProblem?: (reason: unknown) => void): Promise<T | typeof NOTHING> {
  let timer: NodeJS.Timeout | null = null;
  const deadline = new Promise<typeof NOTHING>((resolve) => {
    timer = setTimeout(() => {
      report(onProblem, new TimeoutReason(timeoutMs));
      resolve(NOTHING);
    }, timeoutMs);
  });
  const guarded = (async () => {
    try {
      return await task();
    } catch (error) {
      report(onProblem, error);
      return NOTHING;
    }
  })();
  try {
    return await Promise.race([guarded, deadline]);
  } finally {
    if (timer !== null) clearTimeout(timer);
  }
}

/** Why `withoutHarm` gave up on a task that did not finish in time. */
export class TimeoutReason {
  constructor(readonly timeoutMs: number) {}
  get message(): string {
    return `gave up after ${this.timeoutMs} ms`;
  }
}

function report(onProblem: ((reason: unknown) => void) | undefined, reason: unknown): void {
  try {
    onProblem?.(reason);
  } catch {
    // A diagnostic must not become a failure.
  }
}

/** Writes `pad-lattice: <message>` plus LF; a closed stderr is ignored. */
export function noteOnStderr(stderr: NodeJS.WritableStream, message: string): void {
  try {
    stderr.write(`pad-lattice: ${message}\n`);
  } catch {
    // Nowhere left to say it.
  }
}

/**
 * Reads a stream to its end. A hook always consumes its whole stdin, even
 * when it will do nothing, so the agent never sees a broken pipe while it
 * writes the event (agent-adapters.md §1.1). A read error ends the read with
 * what arrived so far.
 */
export function readToEnd(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const finish = () => resolve(Buffer.concat(chunks));
    stream.on('data', (chunk: Buffer | string) => chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
    stream.once('end', finish);
    stream.once('error', finish);
    stream.once('close', finish);
    stream.resume();
  });
}

/** A one-line description of a failure for a stderr note. */
export function describeProblem(reason: unknown): string {
  if (reason instanceof Error || reason instanceof TimeoutReason) return reason.message;
  return String(reason);
}
