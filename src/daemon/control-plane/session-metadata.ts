import {
  ALWAYS_KEPT_METADATA_KEYS,
  MAX_METADATA_BYTES,
  MAX_METADATA_KEY_BYTES,
  MAX_METADATA_KEYS,
  METADATA_LEFT_OUT_KEY,
  leftOutText,
} from '../../domain/index.js';

const entryBytes = (key: string, value: string) => Buffer.byteLength(key) + Buffer.byteLength(value);

/**
 * One session's display metadata within its bounds (domain/metadata-bounds.ts).
 * Keys keep the order they first arrived in; a kept key is updated whenever
 * its new value fits the byte budget. A new key beyond the key count or the
 * byte budget, or a key too long, is left out — and counted under
 * METADATA_LEFT_OUT_KEY, the session's last entry, so the cut shows in
 * `status` like a cut label shows its `…`. Label, cwd and the remote host
 * are always kept. Values arrive already cut at the wire edge.
 */
export class SessionMetadata {
  readonly #entries = new Map<string, string>();
  /** Keys and bytes counted against the budget (not the always-kept keys, not the left-out note). */
  #budgetKeys = 0;
  #budgetBytes = 0;
  #leftOut = 0;

  /** Overlays `extra`: keys are overwritten, never removed. */
  merge(extra: Readonly<Record<string, string>>): void {
    const leftOutBefore = this.#leftOut;
    for (const [key, value] of Object.entries(extra)) this.#set(key, value);
    if (this.#leftOut === leftOutBefore) return;
    // Deleted and set again, so the note stays the last entry.
    this.#entries.delete(METADATA_LEFT_OUT_KEY);
    this.#entries.set(METADATA_LEFT_OUT_KEY, leftOutText(this.#leftOut));
  }

  get(key: string): string | undefined {
    return this.#entries.get(key);
  }

  entries(): IterableIterator<[string, string]> {
    return this.#entries.entries();
  }

  #set(key: string, value: string): void {
    if (ALWAYS_KEPT_METADATA_KEYS.has(key)) {
      this.#entries.set(key, value);
      return;
    }
    const old = this.#entries.get(key);
    const isNew = old === undefined || key === METADATA_LEFT_OUT_KEY;
    const bytes = this.#budgetBytes - (isNew ? 0 : entryBytes(key, old)) + entryBytes(key, value);
    if (
      key === METADATA_LEFT_OUT_KEY ||
      Buffer.byteLength(key) > MAX_METADATA_KEY_BYTES ||
      (isNew && this.#budgetKeys >= MAX_METADATA_KEYS) ||
      bytes > MAX_METADATA_BYTES
    ) {
      this.#leftOut += 1;
      return;
    }
    if (isNew) this.#budgetKeys += 1;
    this.#budgetBytes = bytes;
    this.#entries.set(key, value);
  }
}
