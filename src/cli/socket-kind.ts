import { statSync, type Stats } from 'node:fs';
import { fileKind } from '../support/file-kind.js';

/**
 * What is at a socket path when it is something else than a socket ("a
 * regular file", "a folder" …, see fileKind), or null when it is a socket (a link to
 * one included) or nothing is there. Connecting to a regular file fails as if nothing listened
 * (ECONNREFUSED), which would send the user off to start a daemon.
 */
export function notASocket(path: string): string | null {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    return null;
  }
  return stats.isSocket() ? null : fileKind(stats);
}
