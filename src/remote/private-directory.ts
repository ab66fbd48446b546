import { lstat, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { errnoCode } from '../support/file-errors.js';

/** Where this user's relay sockets live: beside the daemon's default socket, in a folder of their own. */
export function relayDirectory(env: NodeJS.ProcessEnv, uid: number): string {
  const runtime = env['XDG_RUNTIME_DIR'];
  return runtime !== undefined && runtime !== '' ? join(runtime, 'pad-lattice-remote') : `/tmp/pad-lattice-remote-${uid}`;
}

export class PrivateDirectoryError extends Error {
  override readonly name = 'PrivateDirectoryError';
}

/**
 * Makes `path` (mode 0700) or checks that the one already there is a real
 * folder of this user that nobody else can enter, so no other account can
 * reach, replace or pre-empt a socket inside it. A folder that fails the
 * check is left alone.
 */
export async function ensurePrivateDirectory(path: string, uid: number): Promise<void> {
  try {
    await mkdir(path, { mode: 0o700 });
  } catch (error) {
    if (errnoCode(error) !== 'EEXIST') throw error;
  }
  const stats = await lstat(path);
  if (!stats.isDirectory()) throw new PrivateDirectoryError(`${path} is not a folder; remove it (pad-lattice keeps its relay sockets there)`);
  if (stats.uid !== uid) throw new PrivateDirectoryError(`${path} belongs to uid ${stats.uid}, not to you; remove it or set XDG_RUNTIME_DIR`);
  if ((stats.mode & 0o077) !== 0) {
    throw new PrivateDirectoryError(`${path} is open to other users (mode ${(stats.mode & 0o777).toString(8)}); run 'chmod 700 ${path}'`);
  }
}
