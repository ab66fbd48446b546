import type { AgentIdentity } from '../../domain/identity.js';
import type { AccentStore } from '../control-plane/accent-store.js';
import { AccentPreferences, DEFAULT_ACCENT_STORE_BOUND, wallClockSeconds } from './accent-preferences.js';
import { accentStoreKey } from './accent-store-key.js';

export interface MemoryAccentStoreOptions {
  /** Preferences present from the start, as if loaded from a file (in this order). */
  readonly preferences?: Iterable<readonly [AgentIdentity, string]>;
  /** Wall-clock seconds used as `last_used`; only the LRU order depends on it. */
  readonly wallClock?: () => number;
  readonly maxEntries?: number;
}

/** An accent store without persistence, for tests and library use; same keys and LRU rule as the file store. */
export class MemoryAccentStore implements AccentStore {
  readonly #wallClock: () => number;
  readonly #preferences: AccentPreferences;

  constructor(options: MemoryAccentStoreOptions = {}) {
    this.#wallClock = options.wallClock ?? wallClockSeconds;
    this.#preferences = new AccentPreferences(options.maxEntries ?? DEFAULT_ACCENT_STORE_BOUND);
    for (const [identity, accent] of options.preferences ?? []) {
      this.#preferences.remember(accentStoreKey(identity), accent, this.#wallClock());
    }
  }

  /** How many identities are remembered. */
  get size(): number {
    return this.#preferences.size;
  }

  preferredAccent(identity: AgentIdentity): string | null {
    return this.#preferences.accentFor(accentStoreKey(identity));
  }

  remember(identity: AgentIdentity, accent: string): void {
    if (accent === '') return;
    this.#preferences.remember(accentStoreKey(identity), accent, this.#wallClock());
  }
}
