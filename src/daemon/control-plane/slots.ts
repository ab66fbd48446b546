import type { IdentityKey } from '../../domain/index.js';
import type { SessionRecord } from './session-record.js';

/** The visible slots (control-plane.md §2); keeps `record.slot` and the table in agreement. */
export class SlotTable {
  readonly #occupants: (SessionRecord | null)[];

  constructor(capacity: number) {
    this.#occupants = Array.from({ length: capacity }, () => null);
  }

  get capacity(): number {
    return this.#occupants.length;
  }

  occupant(slot: number): SessionRecord | null {
    return this.#occupants[slot] ?? null;
  }

  /** Visible sessions in ascending slot order. */
  visible(): SessionRecord[] {
    return this.#occupants.filter((record): record is SessionRecord => record !== null);
  }

  /**
   * §10 step 1 as a bit mask: bit i is set when a visible session other than
   * `except` shows `accentNames[i]`. A number, not a set, because every slot
   * change of a churning agent asks, and at most eight names fit in one.
   */
  accentsTaken(accentNames: readonly string[], except: SessionRecord): number {
    let taken = 0;
    for (const occupant of this.#occupants) {
      if (occupant === null || occupant === except || occupant.accent === null) continue;
      const index = accentNames.indexOf(occupant.accent);
      if (index >= 0) taken |= 1 << index;
    }
    return taken;
  }

  /** The session a newcomer evicts (§9 step 2), found without copying the table: every update of a churning agent asks. */
  evictionVictim(protectedKey: IdentityKey | null): SessionRecord | null {
    return chooseEvictionVictim(this.#occupants, protectedKey);
  }

  lowestEmpty(): number | null {
    const index = this.#occupants.indexOf(null);
    return index < 0 ? null : index;
  }

  place(record: SessionRecord, slot: number): void {
    this.#occupants[slot] = record;
    record.slot = slot;
  }

  /** Takes the session out of its slot; it keeps its accent (§9 step 2). */
  vacate(record: SessionRecord): void {
    if (record.slot !== null && this.#occupants[record.slot] === record) this.#occupants[record.slot] = null;
    record.slot = null;
  }
}

/**
 * The least recently active visible session that is neither selected nor
 * waiting for approval (§9 step 2), or null when every visible session is protected.
 * Empty slots (null) are skipped.
 */
export function chooseEvictionVictim(visible: readonly (SessionRecord | null)[], selection: IdentityKey | null): SessionRecord | null {
  let victim: SessionRecord | null = null;
  for (const record of visible) {
    if (record === null || record.key === selection || record.state === 'waiting_for_approval') continue;
    if (victim === null || record.lastSeen < victim.lastSeen) victim = record;
  }
  return victim;
}

const approvalFirst = (record: SessionRecord): number => (record.state === 'waiting_for_approval' ? 1 : 0);

/** Refill order (§8): approval-waiting first, then most recently active first (lastSeen values are unique: a total order). */
const beforeInRefill = (a: SessionRecord, b: SessionRecord): number => approvalFirst(b) - approvalFirst(a) || b.lastSeen - a.lastSeen;

/** Refill order (§8): approval-waiting first, then most recently active first. */
export function refillOrder(overflow: readonly SessionRecord[]): SessionRecord[] {
  return [...overflow].sort(beforeInRefill);
}

/**
 * The first `limit` of `records` in refill order, the same as
 * refillOrder(records).slice(0, limit), without sorting them all: a view
 * lists a few of possibly hundreds on every render.
 */
export function firstInRefillOrder(records: Iterable<SessionRecord>, limit: number): SessionRecord[] {
  const first: SessionRecord[] = [];
  for (const record of records) {
    if (first.length === limit && (limit === 0 || beforeInRefill(record, first[limit - 1]!) > 0)) continue;
    let at = first.length === limit ? limit - 1 : first.length;
    while (at > 0 && beforeInRefill(record, first[at - 1]!) < 0) {
      first[at] = first[at - 1]!;
      at -= 1;
    }
    first[at] = record;
  }
  return first;
}
