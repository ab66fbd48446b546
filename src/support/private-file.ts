import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsync,
  fsyncSync,
  ftruncateSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { dirname } from 'node:path';
import { errnoCode } from './file-errors.js';
import { effectiveUid, stagingPathFor } from './staging-files.js';

/*
 * Every file Pad-Lattice writes goes through here, so no write ever follows a
 * link someone planted or lands in a file another user owns: new files are
 * created with O_CREAT|O_EXCL|O_NOFOLLOW under an unguessable name and renamed
 * into place; files opened in place are opened with O_NOFOLLOW and checked on
 * the open descriptor (fstat), never by a second look at the path.
 */

const { O_WRONLY, O_RDONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY } = constants;

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIRECTORY_MODE = 0o700;

export type UnsafePathReason = 'symlink' | 'foreign-owner' | 'not-a-file' | 'shared';

/** A path Pad-Lattice refuses to write to (or read as its own), with a one-line cause and fix. */
export class UnsafePathError extends Error {
  override readonly name = 'UnsafePathError';
  constructor(
    readonly path: string,
    readonly reason: UnsafePathReason,
  ) {
    super(unsafeText(path, reason));
  }
}

function unsafeText(path: string, reason: UnsafePathReason): string {
  switch (reason) {
    case 'symlink':
      return `${path} is a symbolic link; Pad-Lattice does not write through links — remove it or choose another path`;
    case 'foreign-owner':
      return `${path} belongs to another user; remove it or choose another path`;
    case 'not-a-file':
      return `${path} is not a regular file; remove it or choose another path`;
    case 'shared':
      return `${path} is readable by other users; remove it or choose another path`;
  }
}

/** Opens `path` without following a final link; ELOOP (it is a link) becomes an UnsafePathError. */
function openNoFollow(path: string, flags: number, mode?: number): number {
  try {
    return openSync(path, flags | O_NOFOLLOW, mode);
  } catch (error) {
    if (errnoCode(error) === 'ELOOP') throw new UnsafePathError(path, 'symlink');
    throw error;
  }
}

function checkOwned(path: string, stats: Stats, uid: number, fd: number | null): void {
  if (stats.uid === uid) return;
  if (fd !== null) closeSync(fd);
  throw new UnsafePathError(path, 'foreign-owner');
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
}

export interface ReplaceOptions {
  /** Mode of the new file (exactly, whatever the umask); default 0600. */
  readonly mode?: number;
  /** fsync before the rename, so a crash leaves the old or the new content (default true). */
  readonly durable?: boolean;
}

/**
 * Replaces `path` with `content` so a reader sees the old or the new file,
 * never a torn one: a staging file with an unguessable name is created beside
 * it (O_EXCL|O_NOFOLLOW), written, synced and renamed over `path`. Refuses
 * (UnsafePathError) when `path` is a link, not a regular file, or another
 * user's file. The rename replaces the directory entry itself, so even a link
 * planted after the check is replaced, never written through. The staging
 * file is gone afterwards, whatever happened.
 */
export function replaceFileAtomically(path: string, content: string | Uint8Array, options: ReplaceOptions = {}): void {
  const { staging, fd } = stageReplacement(path, content, options);
  try {
    try {
      if (options.durable !== false) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(staging, path);
  } catch (error) {
    unlinkQuietly(staging);
    throw error;
  }
}

/**
 * replaceFileAtomically with the fsync on Node's thread pool: the caller's
 * event loop only creates and writes the staging file (page cache, a few
 * µs); the sync, which can take milliseconds on a busy disk, runs elsewhere,
 * and the rename follows on a later turn. `stillWanted` is asked just before
 * the rename: false (a newer write has started since) drops the staging file
 * instead, so an older write never lands over a newer one. `done` hears of
 * any failure, or null; it is not called when the write was dropped.
 */
export function replaceFileAtomicallyInBackground(
  path: string,
  content: string | Uint8Array,
  stillWanted: () => boolean,
  done: (error: unknown) => void,
): void {
  let staged: { staging: string; fd: number };
  try {
    staged = stageReplacement(path, content, {});
  } catch (error) {
    done(error);
    return;
  }
  const { staging, fd } = staged;
  fsync(fd, (syncError) => {
    try {
      closeSync(fd);
      if (syncError) throw syncError;
      if (!stillWanted()) {
        unlinkQuietly(staging);
        return;
      }
      renameSync(staging, path);
      done(null);
    } catch (error) {
      unlinkQuietly(staging);
      done(error);
    }
  });
}

/** The checks on `path`, then its staging file created, set to its mode and written; the descriptor is still open. */
function stageReplacement(path: string, content: string | Uint8Array, options: ReplaceOptions): { staging: string; fd: number } {
  const uid = effectiveUid();
  const existing = lstatOrNull(path);
  if (existing !== null) {
    if (existing.isSymbolicLink()) throw new UnsafePathError(path, 'symlink');
    if (!existing.isFile()) throw new UnsafePathError(path, 'not-a-file');
    checkOwned(path, existing, uid, null);
  }
  const staging = stagingPathFor(path);
  const fd = openNoFollow(staging, O_WRONLY | O_CREAT | O_EXCL, PRIVATE_FILE_MODE);
  try {
    // The umask may have narrowed the mode; state it exactly, on the descriptor.
    fchmodSync(fd, options.mode ?? PRIVATE_FILE_MODE);
    writeAll(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
  } catch (error) {
    closeSync(fd);
    unlinkQuietly(staging);
    throw error;
  }
  return { staging, fd };
}

/**
 * Opens `path` for writing from the start (created 0600 when missing,
 * truncated otherwise), as a trace or report output. Never follows a final
 * link; refuses another user's file and anything but a regular file or a
 * character device (`/dev/null`). Returns the descriptor.
 */
export function openPrivateOutput(path: string): number {
  // O_NONBLOCK: a FIFO planted at the path fails (ENXIO) or is refused below instead of blocking the open.
  const fd = openNoFollow(path, O_WRONLY | O_CREAT | O_NONBLOCK, PRIVATE_FILE_MODE);
  const stats = fstatSync(fd);
  if (stats.isCharacterDevice()) return fd;
  if (!stats.isFile()) {
    closeSync(fd);
    throw new UnsafePathError(path, 'not-a-file');
  }
  checkOwned(path, stats, effectiveUid(), fd);
  ftruncateSync(fd, 0);
  return fd;
}

/**
 * The bytes of a file we wrote ourselves, or null when it does not exist.
 * Refuses a link, a non-regular file and another user's file — so a planted
 * file can never feed us content. With `privateOnly`, also a file that the
 * group or others may read or write (a leaked secret is no secret).
 */
export function readOwnFile(path: string, options: { readonly privateOnly?: boolean } = {}): Buffer | null {
  let fd: number;
  try {
    fd = openNoFollow(path, O_RDONLY | O_NONBLOCK);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return null;
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new UnsafePathError(path, 'not-a-file');
    if (stats.uid !== effectiveUid()) throw new UnsafePathError(path, 'foreign-owner');
    if (options.privateOnly === true && (stats.mode & 0o077) !== 0) throw new UnsafePathError(path, 'shared');
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Makes sure `directory` exists; a missing one is created 0700 (missing
 * ancestors with default permissions). With `tighten`, an existing real
 * directory we own is set to 0700 — through its descriptor, so a link swapped
 * in cannot redirect the chmod; a link is left as it is (the files inside are
 * still created without following links).
 */
export function preparePrivateDirectory(directory: string, options: { readonly tighten?: boolean } = {}): void {
  mkdirSync(dirname(directory), { recursive: true });
  try {
    mkdirSync(directory, { mode: PRIVATE_DIRECTORY_MODE });
    return;
  } catch (error) {
    if (errnoCode(error) !== 'EEXIST') throw error;
  }
  if (options.tighten !== true) return;
  let fd: number;
  try {
    fd = openSync(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  } catch {
    return; // A link or not a directory: nothing of ours to tighten; writing inside reports what is wrong.
  }
  try {
    if (fstatSync(fd).uid === effectiveUid()) fchmodSync(fd, PRIVATE_DIRECTORY_MODE);
  } finally {
    closeSync(fd);
  }
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return null;
    throw error;
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}
