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
 */
export function chooseEvictionVictim(visible: readonly SessionRecord[], selection: IdentityKey | null): SessionRecord | null {
  let victim: SessionRecord | null = null;
  for (const record of visible) {
    if (record.key === selection || record.state === 'waiting_for_approval') continue;
    if (victim === null || record.lastSeen < victim.lastSeen) victim = record;
  }
  return victim;
}

/** Refill order (§8): approval-waiting first, then most recently active first. */
export function refillOrder(overflow: readonly SessionRecord[]): SessionRecord[] {
  const approvalFirst = (record: SessionRecord): number => (record.state === 'waiting_for_approval' ? 1 : 0);
  return [...overflow].sort((a, b) => approvalFirst(b) - approvalFirst(a) || b.lastSeen - a.lastSeen);
}
