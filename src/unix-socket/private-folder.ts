import { lstat, mkdir } from 'node:fs/promises';
import { errnoCode } from '../support/file-errors.js';

export class PrivateFolderError extends Error {
  override readonly name = 'PrivateFolderError';
}

/**
 * Makes `path` (mode 0700) or checks that the one already there is a real
 * folder of this user that nobody else can enter, so no other account can
 * reach, replace or pre-empt a socket inside it. A folder that fails the
 * check is left alone, and the error names it, why, and `fix` (what else
 * the user can do).
 */
export async function ensurePrivateFolder(path: string, uid: number, fix: string): Promise<void> {
  try {
    await mkdir(path, { mode: 0o700 });
  } catch (error) {
    if (errnoCode(error) !== 'EEXIST') throw error;
  }
  const stats = await lstat(path);
  if (!stats.isDirectory()) throw new PrivateFolderError(`${path} is not a folder (a link or a file is there); remove it, or ${fix}`);
  if (stats.uid !== uid) {
    throw new PrivateFolderError(
      `${path} belongs to uid ${stats.uid}, not to you (uid ${uid}): another user may be posing as your Pad-Lattice daemon there; ${fix}`,
    );
  }
  if ((stats.mode & 0o077) !== 0)
    throw new PrivateFolderError(`${path} is open to other users (mode ${(stats.mode & 0o777).toString(8)}); run 'chmod 700 ${path}', or ${fix}`);
}
