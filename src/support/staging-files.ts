import { randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Names of the staging files an atomic replace writes beside its target:
 * `.<name>.<pid>.<16 hex>.tmp`. The random part makes the name impossible to
 * guess (nobody can plant a link there in advance); the pid lets the next
 * start tell a crashed writer's leftover from a live writer's file.
 */
export function stagingPathFor(path: string, pid: number = process.pid): string {
  return join(dirname(path), `.${basename(path)}.${pid}.${randomBytes(8).toString('hex')}.tmp`);
}

/** Also matches the older predictable `.<name>.<pid>.tmp` form (earlier versions, the reference daemon). */
function stagingNamePattern(target: string): RegExp {
  const escaped = target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${escaped}\\.(\\d+)(?:\\.[0-9a-f]{16})?\\.tmp$`);
}

/** kill(pid, 0): ESRCH means gone; EPERM means it exists under another user. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface StaleStagingOptions {
  readonly isAlive?: (pid: number) => boolean;
  /** Only entries owned by this uid are removed (default: the effective uid). */
  readonly uid?: number;
}

/**
 * Removes the staging files of `path` that a writer which no longer runs left
 * behind (a crash between create and rename). Entries of a live process, and
 * entries owned by another user, are left alone. Returns the removed names.
 */
export function removeStaleStagingFiles(path: string, options: StaleStagingOptions = {}): string[] {
  const isAlive = options.isAlive ?? processAlive;
  const uid = options.uid ?? effectiveUid();
  const pattern = stagingNamePattern(basename(path));
  const directory = dirname(path);
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = pattern.exec(name)?.[1];
    if (pid === undefined || (Number(pid) !== process.pid && isAlive(Number(pid)))) continue;
    const entry = join(directory, name);
    try {
      if (lstatSync(entry).uid !== uid) continue;
      unlinkSync(entry);
      removed.push(name);
    } catch {
      // Gone meanwhile, or not ours to remove: either way nothing to clean.
    }
  }
  return removed;
}

export function effectiveUid(): number {
  return typeof process.geteuid === 'function' ? process.geteuid() : 0;
}
