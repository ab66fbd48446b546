import type { AgentIdentity } from '../../domain/index.js';
import type { AccentStore } from './accent-store.js';

/**
 * The accent a session gets when it obtains a slot (control-plane.md §10 step 3):
 * its preference if that is one of this surface's accents and still free,
 * otherwise the first free accent in identity order. `taken` has bit i set
 * when another visible session shows `accentNames[i]` (SlotTable.accentsTaken).
 */
export function chooseAccent(preferred: string | null, taken: number, accentNames: readonly string[]): string | null {
  const free = (index: number) => (taken & (1 << index)) === 0;
  const wanted = preferred === null ? -1 : accentNames.indexOf(preferred);
  if (wanted >= 0 && free(wanted)) return accentNames[wanted]!;
  for (let index = 0; index < accentNames.length; index += 1) if (free(index)) return accentNames[index]!;
  return null;
}

/**
 * Wraps the optional store so that a throwing or misbehaving implementation can
 * never break slot policy: a failed lookup means "no preference", a failed
 * remember is ignored (§15.7).
 */
export class GuardedAccentStore {
  readonly #store: AccentStore | null;

  constructor(store: AccentStore | null) {
    this.#store = store;
  }

  preferredAccent(identity: AgentIdentity): string | null {
    if (this.#store === null) return null;
    try {
      const accent = this.#store.preferredAccent(identity);
      return typeof accent === 'string' && accent !== '' ? accent : null;
    } catch {
      return null;
    }
  }

  remember(identity: AgentIdentity, accent: string): void {
    if (this.#store === null) return;
    try {
      this.#store.remember(identity, accent);
    } catch {
      // The store is a convenience; policy must not depend on its I/O.
    }
  }
}
