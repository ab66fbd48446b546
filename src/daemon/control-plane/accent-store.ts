import type { AgentIdentity } from '../../domain/identity.js';

/**
 * A persistent map from an identity (stored only as a hash) to its preferred
 * accent, so a returning agent keeps its colour across daemon restarts.
 * Implementations never throw: a broken store degrades to "no preference".
 */
export interface AccentStore {
  /** The remembered accent for this identity, or null. */
  preferredAccent(identity: AgentIdentity): string | null;
  /** Remembers the accent; I/O failures are swallowed (the in-memory entry still updates). */
  remember(identity: AgentIdentity, accent: string): void;
}
