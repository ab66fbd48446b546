import { toPythonJson } from './python-json.js';

/** Most entries the store keeps (control-plane.md §15.6). */
export const DEFAULT_ACCENT_STORE_BOUND = 256;

const STORE_FORMAT_VERSION = 1;

/** Seconds since the Unix epoch: the store's `last_used` clock (not the control plane's monotonic one). */
export const wallClockSeconds = (): number => Date.now() / 1000;

/** One stored entry; members other than these two are kept verbatim until the entry is replaced. */
export type StoredAccentEntry = Readonly<Record<string, unknown>> & {
  readonly accent: string;
  readonly last_used: number;
};

function isJsonObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStoredEntry(value: unknown): value is StoredAccentEntry {
  return isJsonObject(value) && typeof value['accent'] === 'string' && typeof value['last_used'] === 'number';
}

/**
 * The accent preferences in memory: an insertion-ordered map from identity
 * key to entry, trimmed by least recent `last_used` (ties: earlier in the map
 * first). No I/O; the file store wraps it.
 */
export class AccentPreferences {
  readonly #entries = new Map<string, StoredAccentEntry>();
  readonly #bound: number;

  constructor(bound: number = DEFAULT_ACCENT_STORE_BOUND) {
    if (!Number.isInteger(bound) || bound < 1) throw new RangeError(`accent store bound must be an integer >= 1, got ${bound}`);
    this.#bound = bound;
  }

  /**
   * Reads store text leniently (§15.4): anything but a version-1 object with an
   * `identities` object gives an empty map, and malformed entries are dropped.
   * Booleans are not accepted as numbers (the spec allows either choice).
   * `problem` says why a whole file was unusable (null for a store, even one
   * with dropped entries), so the caller can keep such a file for the user.
   */
  static parse(text: string, bound: number = DEFAULT_ACCENT_STORE_BOUND): { preferences: AccentPreferences; problem: string | null } {
    const preferences = new AccentPreferences(bound);
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      return { preferences, problem: 'not JSON' };
    }
    if (!isJsonObject(document) || document['version'] !== STORE_FORMAT_VERSION) return { preferences, problem: 'not a version 1 store' };
    const identities = document['identities'];
    if (!isJsonObject(identities)) return { preferences, problem: 'no identities object' };
    for (const [key, entry] of Object.entries(identities)) {
      if (isStoredEntry(entry)) preferences.#entries.set(key, entry);
    }
    return { preferences, problem: null };
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Keys in the map's order (file order for loaded entries, then first insertion). */
  keys(): string[] {
    return [...this.#entries.keys()];
  }

  /** The remembered accent, or null when absent or empty. */
  accentFor(key: string): string | null {
    const accent = this.#entries.get(key)?.accent;
    return accent ? accent : null;
  }

  /** Replaces the whole entry (an existing key keeps its position), then trims to the bound. */
  remember(key: string, accent: string, lastUsed: number): void {
    this.#entries.set(key, { accent, last_used: lastUsed });
    this.#trim();
  }

  #trim(): void {
    const excess = this.#entries.size - this.#bound;
    if (excess <= 0) return;
    // Array sort is stable, so equal timestamps keep map order and the earlier entry goes first.
    const oldestFirst = [...this.#entries].sort(([, a], [, b]) => a.last_used - b.last_used);
    for (const [key] of oldestFirst.slice(0, excess)) this.#entries.delete(key);
  }

  /** The file text (§15.3): Python-style sorted two-space JSON with a trailing LF. */
  toJson(): string {
    return `${toPythonJson({ identities: Object.fromEntries(this.#entries), version: STORE_FORMAT_VERSION })}\n`;
  }
}
