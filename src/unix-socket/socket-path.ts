/** The socket file name under XDG_RUNTIME_DIR or the fallback folder (wire-protocol-1.md §2). */
export const SOCKET_FILE_NAME = 'pad-lattice.sock';

/**
 * Where the fallback folder is made instead of /tmp. Meant for tests, so
 * they never touch this machine's real /tmp/pad-lattice-<uid>/; a user has
 * XDG_RUNTIME_DIR or --socket for choosing a place.
 */
export const FALLBACK_BASE_VARIABLE = 'PAD_LATTICE_TMPDIR';

/**
 * The private folder the socket falls back to without XDG_RUNTIME_DIR:
 * /tmp/pad-lattice-<real uid>. Any local user can create names in /tmp, so
 * the daemon makes this folder 0700 and refuses one that another user made
 * or left open (see ensurePrivateFolder); a socket straight in /tmp, as the
 * reference has it, could be squatted.
 */
export function fallbackSocketFolder(env: NodeJS.ProcessEnv = process.env, uid: number = realUid()): string {
  const base = nonEmpty(env[FALLBACK_BASE_VARIABLE]) ?? '/tmp';
  return `${base.endsWith('/') ? base.slice(0, -1) : base}/pad-lattice-${uid}`;
}

/**
 * The default socket path shared by the daemon and every client
 * (wire-protocol-1.md §2): PAD_LATTICE_SOCKET verbatim, else
 * $XDG_RUNTIME_DIR/pad-lattice.sock, else pad-lattice.sock in the private
 * fallback folder. Empty variables count as unset.
 */
export function defaultSocketPath(env: NodeJS.ProcessEnv = process.env, uid: number = realUid()): string {
  return nonEmpty(env['PAD_LATTICE_SOCKET']) ?? `${runtimeFolder(env) ?? fallbackSocketFolder(env, uid)}/${SOCKET_FILE_NAME}`;
}

/** The fallback folder when the default path lies in it (no PAD_LATTICE_SOCKET, no XDG_RUNTIME_DIR), else null: what the daemon must make private. */
export function defaultFallbackFolder(env: NodeJS.ProcessEnv = process.env, uid: number = realUid()): string | null {
  return nonEmpty(env['PAD_LATTICE_SOCKET']) === undefined && runtimeFolder(env) === undefined ? fallbackSocketFolder(env, uid) : null;
}

/** XDG_RUNTIME_DIR without a trailing slash, joined without normalising, like the reference's os.path.join, so both sides pick the same string. */
function runtimeFolder(env: NodeJS.ProcessEnv): string | undefined {
  const dir = nonEmpty(env['XDG_RUNTIME_DIR']);
  return dir === undefined ? undefined : dir.endsWith('/') ? dir.slice(0, -1) : dir;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** getuid(2), the real uid the spec asks for (not geteuid). */
function realUid(): number {
  return typeof process.getuid === 'function' ? process.getuid() : 0;
}
