import { chmod } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { claimSocketPath, effectiveUid, listenRestricted, peerAllowed, SocketStartupError, type PeerCredentialSource } from '../daemon/socket/index.js';
import type { ActionMessage } from '../wire/index.js';
import type { HostNamespace } from './host-namespace.js';
import type { LinkWatch } from './link-watch.js';
import { RelayConnection } from './relay-connection.js';

export interface RelayServerOptions {
  /** The relay's own socket, inside a private folder (see ensureRelayDirectory). */
  readonly path: string;
  readonly daemonSocket: string;
  readonly namespace: HostNamespace;
  readonly peerCredentials: PeerCredentialSource;
  /** The link's heartbeat: the daemon offers this host's presses only while it is on time (see linkDelivers). */
  readonly link: LinkWatch;
  readonly admitAction: (action: ActionMessage) => boolean;
  /** Called when the daemon stops or starts answering forwarded connections (once per change). */
  readonly onDaemonReachable?: (reachable: boolean, error: Error | null) => void;
  /** A listener error after startup (for example EMFILE on accept), or connections refused at the cap; the relay keeps listening. */
  readonly onError?: (error: Error) => void;
}

const SOCKET_MODE = 0o600;
/**
 * Remote connections relayed at once. Each costs a daemon connection; a
 * launcher holds one and a waiting hook one more, so this leaves room for
 * dozens of agents while a runaway remote client cannot use up the
 * daemon's descriptors.
 */
export const MAX_RELAYED_CONNECTIONS = 128;

/** How often the relay looks at the heartbeat, so a stall reaches the daemon within this much of happening. */
const LINK_CHECK_MS = 100;

/**
 * Whether a press sent now would reach the host promptly: the link is up and
 * its heartbeat at most half as late as it may be before the link counts as
 * dropped (one and a half keepalive intervals). Later than that, the daemon
 * reports a press as not delivered instead of sending it into a link that
 * may never pass it on.
 */
export function linkDelivers(link: LinkWatch): boolean {
  return link.up && link.silentMs() < link.deadAfterMs / 2;
}

export class RelayAlreadyRunningError extends Error {
  override readonly name = 'RelayAlreadyRunningError';
}

/**
 * The local end of the SSH forward. OpenSSH connects here (as this user)
 * for every client on the remote host; each connection is checked like the
 * daemon checks its peers (wire-protocol-1.md §3.4: same uid, or closed
 * with nothing written) and relayed to the daemon through the host's
 * namespace. `closeConnections` drops every relayed connection at once,
 * which is what the daemon needs to see when the link is gone: leases end
 * and subscriptions vanish.
 */
export class RelayServer {
  readonly #server: Server;
  readonly #options: RelayServerOptions;
  readonly #connections = new Set<RelayConnection>();
  readonly #effectiveUid = effectiveUid();
  // The command pinged the daemon before starting the relay: only a change from here is news.
  #daemonReachable = true;
  #atCapacity = false;
  #closed = false;
  #linkLive: boolean;
  readonly #linkCheck: NodeJS.Timeout;

  private constructor(options: RelayServerOptions) {
    this.#options = options;
    this.#server = createServer({ allowHalfOpen: true, pauseOnConnect: true }, (socket) => this.#accept(socket));
    this.#linkLive = linkDelivers(options.link);
    this.#linkCheck = setInterval(() => this.#checkLink(), LINK_CHECK_MS);
    this.#linkCheck.unref();
  }

  /** Every relayed connection tells the daemon when the link starts or stops delivering. */
  #checkLink(): void {
    const live = linkDelivers(this.#options.link);
    if (live === this.#linkLive) return;
    this.#linkLive = live;
    for (const connection of this.#connections) connection.announce(live);
  }

  /** Claims the socket path (a stale socket is replaced; a live relay for the same host is refused) and listens. */
  static async start(options: RelayServerOptions): Promise<RelayServer> {
    try {
      await claimSocketPath(options.path);
    } catch (error) {
      if (error instanceof SocketStartupError && error.code === 'EADDRINUSE') {
        throw new RelayAlreadyRunningError(
          `another 'pad-lattice remote' already relays host ${options.namespace.host} (${options.path}); stop it, or give this one another --name`,
        );
      }
      throw error;
    }
    const relay = new RelayServer(options);
    await listenRestricted(relay.#server, options.path);
    relay.#server.on('error', (error) => options.onError?.(error));
    await chmod(options.path, SOCKET_MODE);
    return relay;
  }

  get path(): string {
    return this.#options.path;
  }

  /** How the pad names the host this relay serves. */
  get host(): string {
    return this.#options.namespace.host;
  }

  get connectionCount(): number {
    return this.#connections.size;
  }

  /** Drops every relayed connection; the daemon runs its disconnect clean-up for each. */
  closeConnections(): void {
    for (const connection of this.#connections) connection.destroy();
  }

  /** Stops listening, drops every connection and removes the socket file. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#linkCheck);
    this.closeConnections();
    // Closing a listening pipe server also unlinks its path (libuv does this).
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #accept(socket: Socket): void {
    if (this.#closed || !peerAllowed(this.#options.peerCredentials, socket, this.#effectiveUid)) {
      socket.destroy();
      return;
    }
    if (this.#connections.size >= MAX_RELAYED_CONNECTIONS) {
      socket.destroy();
      if (!this.#atCapacity) this.#options.onError?.(new Error(`${MAX_RELAYED_CONNECTIONS} remote connections are open; refusing more until some close`));
      this.#atCapacity = true;
      return;
    }
    this.#atCapacity = false;
    const connection = new RelayConnection(socket, {
      daemonSocket: this.#options.daemonSocket,
      namespace: this.#options.namespace,
      linkLive: () => linkDelivers(this.#options.link),
      admitAction: this.#options.admitAction,
      onDaemonConnected: () => this.#reachable(true, null),
      onDaemonError: (error) => this.#reachable(false, error),
    });
    this.#connections.add(connection);
    void connection.closed.then(() => this.#connections.delete(connection));
  }

  #reachable(reachable: boolean, error: Error | null): void {
    if (this.#daemonReachable === reachable) return;
    this.#daemonReachable = reachable;
    this.#options.onDaemonReachable?.(reachable, error);
  }
}
