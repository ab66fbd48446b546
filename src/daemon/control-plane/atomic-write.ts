import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const PRIVATE_DIRECTORY_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;
const OWN_DIRECTORY_NAME = 'pad-lattice';

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/**
 * Creates the file's directory as 0700 (missing ancestors get default
 * permissions). The spec also tightens an existing directory to 0700; we do
 * that only for our own `pad-lattice` folder, because `--identity-store
 * /tmp/ids.json` run as root would otherwise make /tmp (or a home folder) 0700.
 */
function preparePrivateDirectory(directory: string): void {
  mkdirSync(dirname(directory), { recursive: true });
  let created = true;
  try {
    mkdirSync(directory, { mode: PRIVATE_DIRECTORY_MODE });
  } catch (error) {
    if (!isErrorCode(error, 'EEXIST')) throw error;
    created = false;
  }
  if (!created && basename(directory) !== OWN_DIRECTORY_NAME) return;
  try {
    chmodSync(directory, PRIVATE_DIRECTORY_MODE);
  } catch {
    // Best effort: the directory may belong to someone else.
  }
}

/**
 * Replaces `path` with `text` so a reader sees the old or the new file, never
 * a torn one: write `.<name>.<pid>.tmp` (0600) beside it, fsync, rename over
 * the target, chmod 0600. Throws on failure; the temporary file is removed either way.
 */
export function writeFileAtomically(path: string, text: string): void {
  const directory = dirname(path);
  preparePrivateDirectory(directory);
  const temporary = join(directory, `.${basename(path)}.${process.pid}.tmp`);
  try {
    const descriptor = openSync(temporary, 'w', PRIVATE_FILE_MODE);
    try {
      const bytes = Buffer.from(text, 'utf8');
      for (let written = 0; written < bytes.length; ) written += writeSync(descriptor, bytes, written);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    renameSync(temporary, path);
    chmodSync(path, PRIVATE_FILE_MODE);
  } finally {
    rmSync(temporary, { force: true });
  }
}
