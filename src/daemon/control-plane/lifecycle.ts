import { identityKey, sameIdentity, type AgentIdentity, type IdentityKey } from '../../domain/index.js';
import type { DebounceTable } from './debounce.js';
import type { LeaseTable } from './leases.js';
import type { NoticeTable } from './notices.js';
import type { QuestionTable } from './questions.js';
import type { Registry } from './registry.js';
import { hasEntries, mergeMetadata, type SessionRecord } from './session-record.js';
import type { SubscriptionTable } from './subscriptions.js';
import type { ConnectionId } from './types.js';

/** The plane's tables that a session's end touches. */
export interface PlaneTables {
  readonly registry: Registry;
  readonly subscriptions: SubscriptionTable;
  readonly leases: LeaseTable;
  readonly debounce: DebounceTable;
  readonly questions: QuestionTable;
  readonly notices: NoticeTable;
}

/**
 * control-plane.md §8 without the revision bump, shared by end, TTL expiry,
 * lease release and rebinding. Subscribers of the identity lose their
 * subscription silently; leases stay owned but unbound.
 */
export function endSession(tables: PlaneTables, key: IdentityKey): boolean {
  if (tables.registry.remove(key) === null) return false;
  tables.subscriptions.removeIdentity(key);
  tables.questions.removeIdentity(key);
  tables.notices.removeIdentity(key);
  tables.leases.unbindIdentity(key);
  tables.debounce.forget(key);
  tables.registry.refill();
  return true;
}

/** §11.4: only the owner releases; the bound session ends unless another owned lease still binds it. */
export function releaseLease(tables: PlaneTables, leaseId: string, connection: ConnectionId): boolean {
  const { released, bound } = tables.leases.release(leaseId, connection);
  if (bound !== null && !tables.leases.isLeased(identityKey(bound))) endSession(tables, identityKey(bound));
  return released;
}

/**
 * §11.3 steps 1–5: record the binding (owned or not), ensure the session with
 * the lease metadata under the message metadata, then end the previously bound
 * identity unless it is still leased elsewhere. No recency bump beyond creation.
 */
export function bindSession(
  tables: PlaneTables,
  leaseId: string,
  identity: AgentIdentity,
  metadata: Readonly<Record<string, string>>,
  now: number,
): SessionRecord {
  const previous = tables.leases.bind(leaseId, identity);
  const combined = { ...tables.leases.metadataOf(leaseId), ...metadata };
  const record = tables.registry.ensure(identity, now);
  record.lastActivityAt = now;
  if (hasEntries(combined)) mergeMetadata(record, combined);
  if (previous !== null && !sameIdentity(previous, identity) && !tables.leases.isLeased(identityKey(previous))) {
    endSession(tables, identityKey(previous));
  }
  return record;
}

/** When `ageSessions` will next change something: the earliest terminal revert or TTL expiry; Infinity if none is due. */
export function nextAgingAt(tables: PlaneTables, sessionTtl: number): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (const record of tables.registry.all()) {
    if (record.terminalStateUntil !== null) earliest = Math.min(earliest, record.terminalStateUntil);
    if (sessionTtl !== 0 && !tables.leases.isLeased(record.key)) earliest = Math.min(earliest, record.lastActivityAt + sessionTtl);
  }
  return earliest;
}

/**
 * §17.3 steps 2–3: terminal reverts, then TTL expiry of unleased idle sessions
 * in registry order (each end refills at once, so a session promoted by an
 * earlier end can still expire in this tick). Returns whether anything changed.
 */
export function ageSessions(tables: PlaneTables, now: number, sessionTtl: number): boolean {
  let changed = false;
  for (const record of tables.registry.all()) {
    if (record.terminalStateUntil !== null && now >= record.terminalStateUntil) {
      // Deliberately ignores a pending approval (quirk "revert ignores the override", §7.2).
      record.state = 'waiting_for_reply';
      record.terminalStateUntil = null;
      changed = true;
    }
  }
  if (sessionTtl === 0) return changed;
  const expired = tables.registry
    .all()
    .filter((record) => !tables.leases.isLeased(record.key) && now - record.lastActivityAt >= sessionTtl)
    .map((record) => record.key);
  for (const key of expired) changed = endSession(tables, key) || changed;
  return changed;
}
