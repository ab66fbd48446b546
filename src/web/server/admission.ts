import { MAX_BROWSER_CLIENTS, MAX_PENDING_PER_PEER, MAX_REMOTE_CLIENTS } from '../limits.js';

/** A connection as admission sees it. */
export interface Admissible {
  readonly remote: boolean;
  /** Whom the connection counts against for the pending budget: its user on this machine, or its address. */
  readonly peerKey: string;
}

export interface RegisteredCounts {
  readonly total: number;
  readonly remote: number;
}

export type AdmissionDecision<T> = { readonly admitted: false } | { readonly admitted: true; readonly displaced: readonly T[] };

/**
 * Who may take a connection slot (§6.1, changed by issue #21.3). The caps
 * stay: 16 connections in all, 8 remote, pending ones included. But pending
 * (unauthenticated) connections cannot hold a slot against everyone else:
 *
 * - a peer — a user of this machine where the kernel tells (see
 *   loopback-owner.ts), else an address — keeps at most 4 pending; a fifth
 *   takes the place of its own oldest;
 * - when pending connections fill a cap, the newcomer takes the place of the
 *   oldest pending connection of the peer holding the most, but of another
 *   peer only if that peer holds more than the newcomer's own (the newcomer
 *   counted); otherwise it displaces its own peer's oldest, or is refused.
 *
 * So one peer can crowd out only itself: another user's sockets never keep
 * the admin page out, however fast they reconnect, and authenticated
 * connections are never displaced. `pending` is in arrival order, oldest
 * first; nothing is changed here.
 */
export function decideAdmission<T extends Admissible>(newcomer: T, pending: Iterable<T>, registered: RegisteredCounts): AdmissionDecision<T> {
  if (registered.total >= MAX_BROWSER_CLIENTS) return { admitted: false };
  if (newcomer.remote && registered.remote >= MAX_REMOTE_CLIENTS) return { admitted: false };
  const live = [...pending];
  const displaced: T[] = [];
  const displace = (victim: T) => {
    live.splice(live.indexOf(victim), 1);
    displaced.push(victim);
  };
  const samePeer = () => live.filter((client) => client.peerKey === newcomer.peerKey);
  while (samePeer().length >= MAX_PENDING_PER_PEER) displace(samePeer()[0]!);
  const full = () => registered.total + live.length >= MAX_BROWSER_CLIENTS;
  const remoteFull = () => newcomer.remote && registered.remote + live.filter((client) => client.remote).length >= MAX_REMOTE_CLIENTS;
  while (full() || remoteFull()) {
    const victim = victimAmong(full() ? live : live.filter((client) => client.remote), newcomer);
    if (victim === null) return { admitted: false };
    displace(victim);
  }
  return { admitted: true, displaced };
}

/** The pending connection `newcomer` may displace among `candidates`, or null when it must be refused. */
function victimAmong<T extends Admissible>(candidates: readonly T[], newcomer: T): T | null {
  const counts = new Map<string, number>([[newcomer.peerKey, 1]]);
  for (const client of candidates) counts.set(client.peerKey, (counts.get(client.peerKey) ?? 0) + 1);
  const own = counts.get(newcomer.peerKey)!;
  const most = Math.max(0, ...candidates.map((client) => counts.get(client.peerKey)!));
  if (own >= most) return candidates.find((client) => client.peerKey === newcomer.peerKey) ?? null;
  return candidates.find((client) => counts.get(client.peerKey) === most)!;
}
