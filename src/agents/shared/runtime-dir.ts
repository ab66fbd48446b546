import { lstatSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The private runtime directory D of agent-adapters.md §B.7.2, which holds
 * Claude's waiter registry and generated settings files, and the markers of
 * sessions that linger after their run (linger.ts). It is trusted only when
 * it is a real directory (not a symlink) owned by the real user with no group
 * or other permission bits, so no other user can plant or read markers.
 */
export function privateRuntimeDir(env: NodeJS.ProcessEnv, uid: number = realUid()): string {
  const runtimeDir = env['XDG_RUNTIME_DIR'];
  return runtimeDir !== undefined && runtimeDir !== '' ? join(runtimeDir, 'pad-lattice') : `/tmp/pad-lattice-${uid}.d`;
}

/** Creates `path` (mode 0700) when missing and checks it; false when it cannot be trusted. */
export function ensurePrivateDir(path: string, uid: number = realUid()): boolean {
  try {
    mkdirSync(path, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false;
  }
  return isPrivateDir(path, uid);
}

export function isPrivateDir(path: string, uid: number = realUid()): boolean {
  try {
    const stats = lstatSync(path);
    return stats.isDirectory() && stats.uid === uid && (stats.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** getuid(2): the spec names the real user id. */
export function realUid(): number {
  return typeof process.getuid === 'function' ? process.getuid() : 0;
}
