import { join } from 'node:path';
import { ensurePrivateFolder } from '../unix-socket/private-folder.js';

/** Where this user's relay sockets live: beside the daemon's default socket, in a folder of their own. */
export function relayDirectory(env: NodeJS.ProcessEnv, uid: number): string {
  const runtime = env['XDG_RUNTIME_DIR'];
  return runtime !== undefined && runtime !== '' ? join(runtime, 'pad-lattice-remote') : `/tmp/pad-lattice-remote-${uid}`;
}

/** The relay's private folder (made 0700, or checked: see ensurePrivateFolder). */
export function ensureRelayDirectory(path: string, uid: number): Promise<void> {
  return ensurePrivateFolder(path, uid, 'set XDG_RUNTIME_DIR to a private folder of yours (pad-lattice keeps its relay sockets there)');
}
