import { MAX_BROWSER_CLIENTS, MAX_PENDING_PER_PEER, MAX_REMOTE_CLIENTS } from '../limits.js';

/** A connection as admission sees it. */
export interface Admissible {
  readonly remote: boolean;
  /** Whom the connection counts against for the pending budget: its peer address. */
  readonly peerKey: string;
}

export interface RegisteredCounts {
  readonly total: number;
  readonly remote: number;
}

export type AdmissionDecision<T> = { readonly admitted: false } | { readonly admitted: true; readonly displaced: readonly T[] };

/**
 * Who may take a connection slot (§6.1, changed by issue #21.3). The caps
 * stay: 16 connections in all, 8 remote, pending ones included. But only
 * authenticated connections can make a newcomer wait: when pending ones fill
 * a cap, or a peer already has 4 pending, the newcomer takes the place of a
 * pending one instead of being refused. The one displaced is the oldest of
 * the peer holding the most pending connections, the newcomer's own peer
 * counted with the newcomer, so a peer that floods displaces itself first.
 * Unauthenticated connections can therefore never lock the admin out; a
 * browser authenticates within milliseconds of opening.
 *
 * `pending` is in arrival order, oldest first; nothing is changed here.
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
  while (registered.total + live.length >= MAX_BROWSER_CLIENTS) displace(victimAmong(live, newcomer));
  if (newcomer.remote) {
    const remotePending = () => live.filter((client) => client.remote);
    while (registered.remote + remotePending().length >= MAX_REMOTE_CLIENTS) displace(victimAmong(remotePending(), newcomer));
  }
  return { admitted: true, displaced };
}

/** The oldest pending connection of the peer holding the most, counting the newcomer with its own peer. */
function victimAmong<T extends Admissible>(candidates: readonly T[], newcomer: T): T {
  const counts = new Map<string, number>([[newcomer.peerKey, 1]]);
  for (const client of candidates) counts.set(client.peerKey, (counts.get(client.peerKey) ?? 0) + 1);
  const most = Math.max(...candidates.map((client) => counts.get(client.peerKey)!));
  return candidates.find((client) => counts.get(client.peerKey) === most)!;
}
