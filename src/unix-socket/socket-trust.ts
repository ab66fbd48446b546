import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { errnoCode } from '../support/file-errors.js';

/*
 * Whether a socket is one of this user's, checked by a client before it
 * sends anything: the file must be this user's and its folder must not be
 * changeable by others (else another user could put a socket there), and
 * once connected the peer — the process serving the socket — must run as
 * this user (SO_PEERCRED, see so-peercred.ts). Each problem is one sentence
 * with the owner's uid and the fix.
 */

/** What to do instead, for every refusal. */
export function socketFix(uid: number): string {
  return `set XDG_RUNTIME_DIR to your own runtime folder (such as /run/user/${uid}), or pass --socket with a path in a folder only you can write`;
}

const POSING = 'another user may be posing as your Pad-Lattice daemon';

/** A socket file of another user at `path`: the daemon's and the clients' refusal. */
export function foreignSocketText(path: string, owner: number, uid: number): string {
  return `${path} belongs to uid ${owner}, not to you (uid ${uid}): ${POSING}, so it was not used; ${socketFix(uid)}`;
}

/** The peer of a connection runs as another user. */
export function foreignPeerText(path: string, peer: number | null, uid: number): string {
  const who = peer === null ? 'a process whose uid cannot be read' : `uid ${peer}`;
  return `the daemon at ${path} runs as ${who}, not as you (uid ${uid}): ${POSING}, so nothing was sent; ${socketFix(uid)}`;
}

/**
 * Why a client must not use the socket at `path`, or null when it may try:
 * its folder belongs to someone other than this user or root, or others may
 * write in it without the sticky bit; the socket (links followed) belongs to
 * another user. A missing file is no problem here: connecting says "no
 * daemon".
 */
export function socketPathProblem(path: string, uid: number): string | null {
  const folder = dirname(path);
  try {
    // Links followed: the folder that holds the socket counts, not a link's own (meaningless) mode.
    const stats = statSync(folder);
    if (stats.uid !== uid && stats.uid !== 0)
      return `${folder} (the folder of ${path}) belongs to uid ${stats.uid}, not to you (uid ${uid}): ${POSING}; ${socketFix(uid)}`;
    if ((stats.mode & 0o022) !== 0 && (stats.mode & 0o1000) === 0) {
      return `${folder} can be changed by other users (mode ${(stats.mode & 0o777).toString(8)}), so the socket ${path} in it cannot be trusted; ${socketFix(uid)}`;
    }
    const socket = statSync(path);
    if (socket.uid !== uid) return foreignSocketText(path, socket.uid, uid);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR') return null;
    throw error;
  }
  return null;
}
