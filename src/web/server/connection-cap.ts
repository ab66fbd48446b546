import type { Socket } from 'node:net';
import { MAX_OPEN_CONNECTIONS_PER_PEER, REFUSAL_REPORT_INTERVAL_S } from '../limits.js';
import type { WebLogger } from './web-logger.js';

/** Whom a new TCP connection counts against: its user on this machine where the kernel tells, else its address. */
export type ConnectionPeer = (socket: Socket) => string;

/**
 * Every TCP connection to the browser port counts against its peer, from
 * accept to close — requests, slow or idle ones and WebSockets alike — and a
 * peer holding MAX_OPEN_CONNECTIONS_PER_PEER has its newest connection closed
 * at once. Without it, one local user opening slow connections used up the
 * daemon's file descriptors and locked agents and the admin page out. Each
 * peer's refusals are logged once per REFUSAL_REPORT_INTERVAL_S.
 */
export class ConnectionCap {
  readonly #open = new Map<string, number>();
  readonly #reportedAt = new Map<string, number>();

  constructor(
    private readonly peerOf: ConnectionPeer,
    private readonly logger: WebLogger,
    private readonly now: () => number,
    private readonly limit = MAX_OPEN_CONNECTIONS_PER_PEER,
  ) {}

  /** Counts a connection the server accepted, or closes it when its peer holds the limit already. */
  admit(socket: Socket): void {
    const peer = this.peerOf(socket);
    const open = this.#open.get(peer) ?? 0;
    if (open >= this.limit) {
      socket.destroy();
      this.#report(peer);
      return;
    }
    this.#open.set(peer, open + 1);
    socket.once('close', () => {
      const left = (this.#open.get(peer) ?? 1) - 1;
      if (left <= 0) this.#open.delete(peer);
      else this.#open.set(peer, left);
    });
  }

  #report(peer: string): void {
    const last = this.#reportedAt.get(peer);
    const now = this.now();
    if (last !== undefined && now - last < REFUSAL_REPORT_INTERVAL_S) return;
    // Forget peers whose last report is old, so many refused peers over a long run hold no memory.
    for (const [known, at] of this.#reportedAt) if (now - at >= REFUSAL_REPORT_INTERVAL_S) this.#reportedAt.delete(known);
    this.#reportedAt.set(peer, now);
    this.logger.warn(
      `web: closed a new connection from ${peer}: it already holds ${this.limit} open connections (a stuck or hostile client?); its newest are closed until some of those end`,
    );
  }
}
