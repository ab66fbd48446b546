import type { Socket } from 'node:net';

/**
 * The peer check of wire-protocol-1.md §3.4: right after accept, before
 * reading, a connection whose peer uid differs from our effective uid is
 * closed with nothing written.
 *
 * Node exposes no SO_PEERCRED and this package ships no native addon yet, so
 * the default source reports itself unavailable and the daemon falls back to
 * the socket file's 0600 mode (on Linux, connecting needs write permission on
 * the file), as the reference does where credentials are unavailable. A
 * getsockopt-based source slots in by implementing `PeerCredentialSource`.
 */
export interface PeerCredentialSource {
  /** False: credentials cannot be read on this platform; every connection is accepted. */
  readonly available: boolean;
  /** One line for the startup log and diagnostics. */
  readonly description: string;
  /** The peer's uid, or null when it cannot be read (treated as a mismatch). */
  peerUid(socket: Socket): number | null;
}

export const UNAVAILABLE_PEER_CREDENTIALS: PeerCredentialSource = Object.freeze({
  available: false,
  description: 'peer uid check unavailable (Node has no SO_PEERCRED); relying on socket file mode 0600',
  peerUid: () => null,
});

/** Decides whether an accepted connection may stay open. */
export function peerAllowed(source: PeerCredentialSource, socket: Socket, effectiveUid: number): boolean {
  if (!source.available) return true;
  try {
    return source.peerUid(socket) === effectiveUid;
  } catch {
    return false;
  }
}

export { effectiveUid } from '../support/staging-files.js';
