/** An agent is identified by (backend, session id); slots, accents and labels are presentation. */
export interface AgentIdentity {
  readonly backend: string;
  readonly sessionId: string;
}

/** A string key that is unique per identity (NUL cannot be confused with either part's content boundary). */
export type IdentityKey = string & { readonly __identityKey: unique symbol };

export function identityKey(identity: AgentIdentity): IdentityKey {
  return `${identity.backend}\u0000${identity.sessionId}` as IdentityKey;
}

export function sameIdentity(a: AgentIdentity, b: AgentIdentity): boolean {
  return a.backend === b.backend && a.sessionId === b.sessionId;
}

export function makeIdentity(backend: string, sessionId: string): AgentIdentity {
  return Object.freeze({ backend, sessionId });
}
