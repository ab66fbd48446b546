import type { AgentIdentity, AgentState, IdentityKey } from '../../domain/index.js';
import { sessionLabel } from './label.js';
import type { SessionMetadata } from './session-metadata.js';

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
  /** Bounded and insertion-ordered, so status reports keys in the order they first arrived. Change it only with mergeMetadata. */
  readonly metadata: SessionMetadata;
  terminalStateUntil: number | null;
  /**
   * The agent reported `waiting_for_approval` while one of its questions was
   * open and no approval was pending, so the state stayed `waiting_for_reply`
   * (a question never looks like an approval); a pending approval that then
   * subscribes restores what the agent reported.
   */
  approvalHeldByQuestion: boolean;
  /** The frozen metadata and the label made from it, kept until the metadata changes (every ack and render shows them). */
  shown: { readonly metadata: Readonly<Record<string, string>>; readonly label: string } | null;
}

/** Overlays `extra` onto the session metadata within its bounds; keys are overwritten, never removed. */
export function mergeMetadata(record: SessionRecord, extra: Readonly<Record<string, string>>): void {
  record.metadata.merge(extra);
  record.shown = null;
}

/** The session's metadata as a frozen object, and its label (§14). */
export function shownMetadata(record: SessionRecord): { readonly metadata: Readonly<Record<string, string>>; readonly label: string } {
  if (record.shown === null) {
    const metadata = Object.freeze(Object.fromEntries(record.metadata.entries()));
    record.shown = Object.freeze({ metadata, label: sessionLabel(record.identity, metadata) });
  }
  return record.shown;
}

export function hasEntries(metadata: Readonly<Record<string, string>>): boolean {
  return Object.keys(metadata).length > 0;
}
