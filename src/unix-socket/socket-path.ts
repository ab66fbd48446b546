/** The socket file name under XDG_RUNTIME_DIR (wire-protocol-1.md §2). */
export const SOCKET_FILE_NAME = 'pad-lattice.sock';

/**
 * The default socket path shared by the daemon and every client
 * (wire-protocol-1.md §2): PAD_LATTICE_SOCKET verbatim, else
 * $XDG_RUNTIME_DIR/pad-lattice.sock, else /tmp/pad-lattice-<real uid>.sock.
 * Empty variables count as unset.
 */
export function defaultSocketPath(env: NodeJS.ProcessEnv = process.env, uid: number = realUid()): string {
  const explicit = env['PAD_LATTICE_SOCKET'];
  if (explicit !== undefined && explicit !== '') return explicit;
  const runtimeDir = env['XDG_RUNTIME_DIR'];
  // Joined without normalising, like the reference's os.path.join, so both sides pick the same string.
  if (runtimeDir !== undefined && runtimeDir !== '') return runtimeDir.endsWith('/') ? `${runtimeDir}${SOCKET_FILE_NAME}` : `${runtimeDir}/${SOCKET_FILE_NAME}`;
  return `/tmp/pad-lattice-${uid}.sock`;
}

/** getuid(2), the real uid the spec asks for (not geteuid). */
function realUid(): number {
  return typeof process.getuid === 'function' ? process.getuid() : 0;
}
