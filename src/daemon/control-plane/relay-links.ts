import type { ConnectionId } from './types.js';

interface RelayLink {
  readonly host: string;
  live: boolean;
}

/**
 * The connections `pad-lattice remote` relays (its `relay` message): which
 * remote host each speaks for, and whether that host's link delivers a
 * press right now. A connection relays one host for its lifetime.
 */
export class RelayLinks {
  readonly #byConnection = new Map<ConnectionId, RelayLink>();

  /** Records the connection's host and link state; false (nothing changed) when it already relays another host. */
  set(connection: ConnectionId, host: string, live: boolean): boolean {
    const link = this.#byConnection.get(connection);
    if (link !== undefined && link.host !== host) return false;
    if (link === undefined) this.#byConnection.set(connection, { host, live });
    else link.live = live;
    return true;
  }

  /** The remote host the connection speaks for, or null for a local client. */
  hostOf(connection: ConnectionId): string | null {
    return this.#byConnection.get(connection)?.host ?? null;
  }

  /** False only for a relayed connection whose link has stalled. */
  delivers(connection: ConnectionId): boolean {
    return this.#byConnection.get(connection)?.live ?? true;
  }

  remove(connection: ConnectionId): boolean {
    return this.#byConnection.delete(connection);
  }
}
