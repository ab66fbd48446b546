import { readFileSync } from 'node:fs';

/**
 * Descriptors kept free for everything but socket clients: the browser pad's
 * HTTP and WebSocket connections, MIDI, serial and HID ports, profile files,
 * the identity store, the files Node itself opens. Socket clients beyond the
 * rest are refused at once (issue 22.3), so a crowd of agents can never
 * starve the browser pad or leave new connections hanging.
 */
export const RESERVED_DESCRIPTORS = 64;

/** The soft RLIMIT_NOFILE from /proc/self/limits (Node has no getrlimit); null when unknown or unlimited. */
export function openFileLimit(readLimits: () => string = () => readFileSync('/proc/self/limits', 'utf8')): number | null {
  let text: string;
  try {
    text = readLimits();
  } catch {
    return null;
  }
  const soft = /^Max open files\s+(\S+)/m.exec(text)?.[1];
  return soft === undefined || !/^\d+$/.test(soft) ? null : Number(soft);
}

/** How many socket clients may be connected at once under `limit` descriptors; null: no cap. */
export function clientCapacity(limit: number | null): number | null {
  return limit === null ? null : Math.max(1, limit - RESERVED_DESCRIPTORS);
}
