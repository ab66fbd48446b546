import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A short private folder (Unix socket paths are limited to 107 bytes); `remove` deletes it. */
export function tempFolder(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Waits until `probe` holds, checking every 20 ms; fails naming `what` after `timeoutMs`.
 * 20 s by default: a spawned daemon took longer than 10 s to answer on a shared 2-core machine
 * at load 16; the deadline is how long to wait, not a speed the test asserts.
 */
export async function eventually(probe: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Writes lines into a FIFO the daemon reads. Opened non-blocking, so a FIFO
 * without a reader (the daemon died) fails at once instead of hanging the test.
 */
export function writeFifo(path: string, text: string): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/** The lines of a trace file so far (complete lines only). */
export function traceLines(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  const lines = text.split('\n');
  lines.pop();
  return lines;
}
