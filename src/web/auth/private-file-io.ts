import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, fstatSync, fsyncSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/*
 * Reading and writing a secret file without ever following a link someone
 * planted or trusting a file someone else made. Kept small and separate so it
 * can give way to a shared helper for private files with the same contract.
 */

const { O_WRONLY, O_RDONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK } = constants;
const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIRECTORY_MODE = 0o700;

/** Why a path cannot hold our secret, with the one-line cause and fix. */
export class UnsafeSecretPathError extends Error {
  override readonly name = 'UnsafeSecretPathError';
  constructor(readonly path: string, cause: string) {
    super(`${path} ${cause}`);
  }
}

const errnoOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;
const effectiveUid = (): number => process.geteuid?.() ?? 0;

/**
 * The text of a file we wrote ourselves, or null when there is none. A link,
 * anything but a regular file, another user's file, or one the group or
 * others may read is refused (UnsafeSecretPathError): a planted file must
 * never feed us a credential, and a readable one is no secret any more.
 */
export function readPrivateText(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return null;
    if (errnoOf(error) === 'ELOOP') throw new UnsafeSecretPathError(path, 'is a symbolic link; remove it');
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new UnsafeSecretPathError(path, 'is not a regular file; remove it');
    if (stats.uid !== effectiveUid()) throw new UnsafeSecretPathError(path, 'belongs to another user; remove it');
    if ((stats.mode & 0o077) !== 0) throw new UnsafeSecretPathError(path, 'is readable by other users; remove it');
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Replaces `path` with `text`, mode 0600, so a reader sees the old or the new
 * file: a staging file with an unguessable name is created beside it with
 * O_EXCL|O_NOFOLLOW, synced and renamed over `path` (a rename replaces a link
 * instead of writing through it). A missing directory is created 0700.
 */
export function replacePrivateText(path: string, text: string): void {
  const directory = dirname(path);
  mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  refuseForeignTarget(path);
  const staging = join(directory, `.${basename(path)}.${process.pid}.${randomBytes(8).toString('hex')}.tmp`);
  const fd = openSync(staging, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, PRIVATE_FILE_MODE);
  try {
    try {
      fchmodSync(fd, PRIVATE_FILE_MODE);
      const bytes = Buffer.from(text, 'utf8');
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(staging, path);
  } catch (error) {
    try {
      unlinkSync(staging);
    } catch {
      // Already renamed or never created.
    }
    throw error;
  }
}

/** Someone else's file (or a non-file) at the target is not ours to replace. */
function refuseForeignTarget(path: string): void {
  let stats;
  try {
    stats = lstatSync(path);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return;
    throw error;
  }
  if (stats.isSymbolicLink()) throw new UnsafeSecretPathError(path, 'is a symbolic link; remove it');
  if (!stats.isFile()) throw new UnsafeSecretPathError(path, 'is not a regular file; remove it');
  if (stats.uid !== effectiveUid()) throw new UnsafeSecretPathError(path, 'belongs to another user; remove it');
}
