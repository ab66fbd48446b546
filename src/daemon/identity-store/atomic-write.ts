import { basename, dirname } from 'node:path';
import { preparePrivateDirectory, replaceFileAtomically, replaceFileAtomicallyInBackground } from '../../support/private-file.js';

const OWN_DIRECTORY_NAME = 'pad-lattice';

/**
 * Writes the store file (control-plane.md §15.5) so a reader sees the old or
 * the new file, never a torn one, mode 0600. The directory is created 0700;
 * the spec also tightens an existing one to 0700, which we do only for our
 * own `pad-lattice` folder, because `--identity-store /tmp/ids.json` run as
 * root would otherwise make /tmp (or a home folder) 0700.
 *
 * Unlike §15.5, the staging file's name is unguessable and it is created
 * without following links (see support/private-file.ts): a predictable name
 * in a shared folder would let another user plant a link there.
 */
export function writeFileAtomically(path: string, text: string): void {
  const directory = dirname(path);
  preparePrivateDirectory(directory, { tighten: basename(directory) === OWN_DIRECTORY_NAME });
  replaceFileAtomically(path, text);
}

/** writeFileAtomically with the fsync off the event loop (see replaceFileAtomicallyInBackground); failures go to `done`. */
export function writeFileAtomicallyInBackground(path: string, text: string, stillWanted: () => boolean, done: (error: unknown) => void): void {
  const directory = dirname(path);
  try {
    preparePrivateDirectory(directory, { tighten: basename(directory) === OWN_DIRECTORY_NAME });
  } catch (error) {
    done(error);
    return;
  }
  replaceFileAtomicallyInBackground(path, text, stillWanted, done);
}
