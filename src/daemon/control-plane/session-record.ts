import type { AgentIdentity, AgentState, IdentityKey } from '../../domain/index.js';

/** The mutable registry entry of one identity (control-plane.md §2). Internal to the plane. */
export interface SessionRecord {
  readonly identity: AgentIdentity;
  readonly key: IdentityKey;
  /** Unique per record, never reused (a re-created identity gets a new one); the opaque `ref` surfaces see. */
  readonly serial: number;
  state: AgentState;
  /** Visible slot index, or null while in overflow. */
  slot: number | null;
  /** Kept while in overflow, so status keeps reporting the last accent (quirk §20.10). */
  accent: string | null;
  /** Recency sequence value (§4); unique per bump, so LRU never ties. */
  lastSeen: number;
  /** `now` of the last activity; the TTL clock. */
  lastActivityAt: number;
  /** Insertion-ordered so status reports keys in the order they first arrived. */
  readonly metadata: Map<string, string>;
  terminalStateUntil: number | null;
}

/** Overlays `extra` onto the session metadata; keys are overwritten, never removed. */
export function mergeMetadata(record: SessionRecord, extra: Readonly<Record<string, string>>): void {
  for (const [key, value] of Object.entries(extra)) record.metadata.set(key, value);
}

export function hasEntries(metadata: Readonly<Record<string, string>>): boolean {
  return Object.keys(metadata).length > 0;
}
