/**
 * Startup refusals of wire-protocol-1.md §3.2, carrying the errno the
 * reference uses so callers (and the CLI exit code) can tell them apart.
 */
export class SocketStartupError extends Error {
  override readonly name = 'SocketStartupError';
  constructor(
    readonly code: 'EEXIST' | 'EADDRINUSE' | 'ENAMETOOLONG' | 'EACCES',
    readonly socketPath: string,
    message: string,
  ) {
    super(message);
  }
}

export const NOT_A_SOCKET_TEXT = 'socket path exists and is not a Unix socket';
export const ALREADY_RUNNING_TEXT = 'another Pad-Lattice daemon is already running';

export function notASocket(path: string): SocketStartupError {
  return new SocketStartupError('EEXIST', path, `${NOT_A_SOCKET_TEXT}: ${path}`);
}

export function alreadyRunning(path: string): SocketStartupError {
  return new SocketStartupError('EADDRINUSE', path, `${ALREADY_RUNNING_TEXT}: ${path}`);
}

/** Another user's socket, or a folder that is not private, at the path: refused as a possible impersonation, never "already running". */
export function untrustedPath(path: string, message: string): SocketStartupError {
  return new SocketStartupError('EACCES', path, message);
}

export function pathTooLong(path: string, limit: number): SocketStartupError {
  const bytes = Buffer.byteLength(path);
  return new SocketStartupError(
    'ENAMETOOLONG',
    path,
    `socket path is ${bytes} bytes, longer than the ${limit} a Unix socket path may have: choose a shorter --socket (or PAD_LATTICE_SOCKET) path: ${path}`,
  );
}
