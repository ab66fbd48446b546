import { identityKey, type AgentIdentity, type IdentityKey } from '../../domain/index.js';
import { chooseAccent, type GuardedAccentStore } from './accents.js';
import type { SessionRecord } from './session-record.js';
import { firstInRefillOrder, refillOrder, SlotTable } from './slots.js';
import { SessionMetadata } from './session-metadata.js';

/**
 * Sessions, the recency sequence, the slot table and the selection
 * (control-plane.md §2–§4, §6, §8–§10, §16). Subscriptions, leases and
 * debounce entries live elsewhere; the facade removes them on end.
 */
export class Registry {
  /** Insertion order is registry order; a re-created identity is appended. */
  readonly #records = new Map<IdentityKey, SessionRecord>();
  readonly #slots: SlotTable;
  readonly #accentNames: readonly string[];
  readonly #store: GuardedAccentStore;
  #sequence = 0;
  #serials = 0;
  #selection: IdentityKey | null = null;

  constructor(capacity: number, accentNames: readonly string[], store: GuardedAccentStore) {
    this.#slots = new SlotTable(capacity);
    this.#accentNames = accentNames;
    this.#store = store;
  }

  get(identity: AgentIdentity): SessionRecord | null {
    return this.#records.get(identityKey(identity)) ?? null;
  }

  getByKey(key: IdentityKey): SessionRecord | null {
    return this.#records.get(key) ?? null;
  }

  getBySerial(serial: number): SessionRecord | null {
    for (const record of this.#records.values()) if (record.serial === serial) return record;
    return null;
  }

  /** All sessions in registry (insertion) order. */
  all(): SessionRecord[] {
    return [...this.#records.values()];
  }

  get size(): number {
    return this.#records.size;
  }

  visible(): SessionRecord[] {
    return this.#slots.visible();
  }

  /** Overflow sessions, least recently active first. */
  overflow(): SessionRecord[] {
    return this.all()
      .filter((record) => record.slot === null)
      .sort((a, b) => a.lastSeen - b.lastSeen);
  }

  /** The first `limit` overflow sessions in refill order (§8): the next to get a Scene first. */
  nextInLine(limit: number): SessionRecord[] {
    return firstInRefillOrder(this.#overflowRecords(), limit);
  }

  *#overflowRecords(): Generator<SessionRecord> {
    for (const record of this.#records.values()) if (record.slot === null) yield record;
  }

  occupant(slot: number): SessionRecord | null {
    return this.#slots.occupant(slot);
  }

  selected(): SessionRecord | null {
    return this.#selection === null ? null : (this.#records.get(this.#selection) ?? null);
  }

  get selectionKey(): IdentityKey | null {
    return this.#selection;
  }

  isSelected(record: SessionRecord): boolean {
    return record.key === this.#selection;
  }

  /** §4: every bump yields a fresh sequence value, so LRU ties cannot occur. */
  bump(record: SessionRecord, now: number): void {
    this.#sequence += 1;
    record.lastSeen = this.#sequence;
    record.lastActivityAt = now;
  }

  /** The current sequence value (the latest bump). */
  get sequence(): number {
    return this.#sequence;
  }

  /** §6: returns the existing record, or creates, places and possibly auto-selects a new one. */
  ensure(identity: AgentIdentity, now: number): SessionRecord {
    const key = identityKey(identity);
    const existing = this.#records.get(key);
    if (existing !== undefined) return existing;
    this.#sequence += 1;
    const record: SessionRecord = {
      identity: Object.freeze({ backend: identity.backend, sessionId: identity.sessionId }),
      key,
      serial: ++this.#serials,
      state: 'waiting_for_reply',
      slot: null,
      accent: null,
      lastSeen: this.#sequence,
      lastActivityAt: now,
      metadata: new SessionMetadata(),
      shown: null,
      terminalStateUntil: null,
      approvalHeldByQuestion: false,
    };
    this.#records.set(key, record);
    this.assignSlot(record);
    if (this.#selection === null && this.#records.size === 1) this.#selection = key;
    return record;
  }

  /** §9: lowest empty slot, else evict the least recently active unprotected session, else stay in overflow. */
  assignSlot(record: SessionRecord): void {
    if (record.slot === null) this.#place(record, this.#selection);
  }

  /** Lowest empty slot, else the least recently active visible session that is not `protectedKey` and not waiting for approval. */
  #place(record: SessionRecord, protectedKey: IdentityKey | null): boolean {
    let slot = this.#slots.lowestEmpty();
    if (slot === null) {
      const victim = this.#slots.evictionVictim(protectedKey);
      if (victim === null || victim.slot === null) return false;
      slot = victim.slot;
      this.#slots.vacate(victim);
    }
    this.#slots.place(record, slot);
    this.#giveAccent(record);
    return true;
  }

  /** §10: the store is consulted only while the record has never had an accent. */
  #giveAccent(record: SessionRecord): void {
    const preferred = record.accent ?? this.#store.preferredAccent(record.identity);
    record.accent = chooseAccent(preferred, this.#slots.accentsTaken(this.#accentNames, record), this.#accentNames);
    if (record.accent !== null) this.#store.remember(record.identity, record.accent);
  }

  /** §16.3: selects an occupied slot, bumping its session; false (no change) otherwise. */
  selectSlot(slot: number, now: number): boolean {
    if (!Number.isInteger(slot) || slot < 0 || slot >= this.#slots.capacity) return false;
    const record = this.#slots.occupant(slot);
    if (record === null) return false;
    this.#selection = record.key;
    this.bump(record, now);
    return true;
  }

  /**
   * An explicit selection of any agent, also one without a Scene (our
   * extension of §16.3): an overflow agent first takes the lowest empty slot,
   * else the slot of the least recently active visible agent not waiting for
   * approval. The selection is moving away, so the current selection is not
   * protected. False, with no change, when every visible agent waits for approval.
   */
  selectRecord(record: SessionRecord, now: number): boolean {
    if (record.slot === null && !this.#place(record, null)) return false;
    this.#selection = record.key;
    this.bump(record, now);
    return true;
  }

  /** §8 steps 2–3: removes the record and its slot, clearing (never retargeting) the selection. */
  remove(key: IdentityKey): SessionRecord | null {
    const record = this.#records.get(key);
    if (record === undefined) return null;
    this.#records.delete(key);
    this.#slots.vacate(record);
    if (this.#selection === key) this.#selection = null;
    return record;
  }

  /** §8 refill: promote overflow sessions (approval first, most recent first) while slots are empty. */
  refill(): void {
    for (const record of refillOrder(this.all().filter((candidate) => candidate.slot === null))) {
      if (this.#slots.lowestEmpty() === null) return;
      this.assignSlot(record);
    }
  }
}
