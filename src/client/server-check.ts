import type { Socket } from 'node:net';
import { effectiveUid } from '../unix-socket/peer-credentials.js';
import { loadSoPeerCred } from '../unix-socket/so-peercred.js';
import { foreignPeerText, socketPathProblem } from '../unix-socket/socket-trust.js';
import { UntrustedDaemonError } from './errors.js';

/**
 * The checks every connection to a daemon passes before anything is sent
 * (see socket-trust.ts): the socket's folder and file before connecting,
 * the peer's uid right after. A failure is an UntrustedDaemonError, so
 * callers that treat "no daemon" gently (hooks leave the decision to the
 * agent's own prompt) do the same here.
 */
export function checkSocketBeforeConnecting(socketPath: string): void {
  const problem = socketPathProblem(socketPath, effectiveUid());
  if (problem !== null) throw new UntrustedDaemonError(socketPath, problem);
}

/** Where SO_PEERCRED cannot be read (not Linux, no FFI), the file checks above are all there is. */
export function checkPeer(socketPath: string, socket: Socket): void {
  const credentials = loadSoPeerCred();
  if (!credentials.available) return;
  const peer = credentials.peerUid(socket);
  const uid = effectiveUid();
  if (peer !== uid) throw new UntrustedDaemonError(socketPath, foreignPeerText(socketPath, peer, uid));
}
