/**
 * Errors the client raises. Callers tell "no daemon" apart from "the daemon said
 * no" by class, so the CLI can map the first to exit 3 and a hook can swallow it.
 */

/** Base class of every error this client raises on purpose. */
export class PadLatticeClientError extends Error {
  override readonly name: string = 'PadLatticeClientError';
}

/** Nothing is listening at the socket path (missing file, stale socket, no permission) or it went away. */
export class DaemonUnavailableError extends PadLatticeClientError {
  override readonly name: string = 'DaemonUnavailableError';
  constructor(
    readonly socketPath: string,
    message: string,
    /** The errno code of the failed connect (`ENOENT`, `ECONNREFUSED` …), if there was one. */
    readonly errno: string | null = null,
  ) {
    super(message);
  }
}

/**
 * The socket is not this user's: another user owns its file or folder, or
 * serves it. Nothing was sent. It counts as "no daemon" (exit 3, a hook
 * stays quiet), with a message that says it may be an attack and what to do.
 */
export class UntrustedDaemonError extends DaemonUnavailableError {
  override readonly name: string = 'UntrustedDaemonError';
}

/** The daemon closed a long-lived connection (subscription) while the caller still wanted it. */
export class DaemonDisconnectedError extends DaemonUnavailableError {
  override readonly name: string = 'DaemonDisconnectedError';
}

/** A connect, write or read step did not finish within its time bound. */
export class DaemonTimeoutError extends PadLatticeClientError {
  override readonly name: string = 'DaemonTimeoutError';
  constructor(
    readonly socketPath: string,
    readonly step: 'connect' | 'write' | 'read',
    readonly timeoutMs: number,
  ) {
    super(`timed out after ${timeoutMs} ms waiting to ${step} (${socketPath})`);
  }
}

/**
 * The daemon answered with an `error` message, or with something this client
 * cannot accept. `code` is the wire error code (wire-protocol-1.md §8), or one of
 * the client-side codes `unexpected_message_type` / `invalid_message` /
 * `frame_too_large` when the problem was detected here.
 */
export class DaemonProtocolError extends PadLatticeClientError {
  override readonly name: string = 'DaemonProtocolError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
