import { randomBytes } from 'node:crypto';
import { link, unlink } from 'node:fs/promises';
import { lstatSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { alreadyRunning, pathTooLong } from './socket-errors.js';
import { errnoCode } from '../../support/file-errors.js';

/** Linux `sun_path` holds 108 bytes, the terminating NUL included; a longer path is silently cut by bind(). */
export const MAX_SOCKET_PATH_BYTES = 107;

/** Refuses, before anything touches the file system, a path bind() would cut short (issue 21.7). */
export function assertSocketPathFits(path: string): void {
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) throw pathTooLong(path, MAX_SOCKET_PATH_BYTES);
}

/*
 * Why the daemon binds at a private name and links the socket into place:
 * when Node closes a listening Unix socket, libuv unlinks the path it was
 * bound at — whatever file is there by then. A newer daemon may have
 * replaced ours at the public path meanwhile, so the public path must never
 * be the one libuv remembers. The private name is gone right after the link,
 * so libuv's unlink at close finds nothing, and the daemon removes the
 * public path itself, only while it still holds the inode it bound.
 */

/**
 * A short unguessable sibling of `path` to bind at (`.pl-` + 10 hex). Where
 * even that would not fit in `sun_path` (a folder path of 92 bytes or more),
 * `path` itself: that daemon keeps libuv's unlink-at-close behaviour.
 */
export function bindingPathFor(path: string): string {
  const binding = join(dirname(path), `.pl-${randomBytes(5).toString('hex')}`);
  return Buffer.byteLength(binding) <= MAX_SOCKET_PATH_BYTES ? binding : path;
}

/**
 * Gives the socket bound at `binding` its public name: link(2) fails if
 * anything appeared at `path` since it was claimed, so a daemon that started
 * in between keeps its socket. The private name is removed either way.
 */
export async function publishSocket(binding: string, path: string): Promise<void> {
  if (binding === path) return;
  try {
    await link(binding, path);
  } catch (error) {
    if (errnoCode(error) === 'EEXIST') throw alreadyRunning(path);
    throw error;
  } finally {
    await unlink(binding).catch(() => undefined);
  }
}

/**
 * An error about the private binding name, retold about the public path the
 * user chose (its `path`/`address` and message), so error reporting that
 * looks at the socket path — a missing folder, no permission — still
 * recognises it. Other errors pass unchanged.
 */
export function aboutPublicPath(error: unknown, binding: string, path: string): unknown {
  if (binding === path || typeof error !== 'object' || error === null) return error;
  const fields = error as { path?: unknown; address?: unknown; message?: unknown };
  if (fields.path === binding) fields.path = path;
  if (fields.address === binding) fields.address = path;
  if (typeof fields.message === 'string') fields.message = fields.message.split(binding).join(path);
  return error;
}

/** Removes `path` only while it is still the socket file with `inode` (wire-protocol-1.md §3.3: only the one this process bound). */
export function removeIfStillOurs(path: string, inode: number): void {
  try {
    if (lstatSync(path).ino === inode) unlinkSync(path);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
  }
}
