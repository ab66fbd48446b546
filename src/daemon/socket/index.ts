/** The daemon's Unix socket transport (wire-protocol-1.md §§2–4). */
export { SocketServer, listenRestricted, type SocketServerOptions } from './socket-server.js';
export { Connection, type ConnectionHandler } from './connection.js';
export { claimSocketPath } from './claim-path.js';
export {
  UNAVAILABLE_PEER_CREDENTIALS,
  peerAllowed,
  effectiveUid,
  type PeerCredentialSource,
} from '../../unix-socket/peer-credentials.js';
export { SocketStartupError, NOT_A_SOCKET_TEXT, ALREADY_RUNNING_TEXT } from './socket-errors.js';
