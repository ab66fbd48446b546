/** An agent is identified by (backend, session id); slots, accents and labels are presentation. */
export interface AgentIdentity {
  readonly backend: string;
  readonly sessionId: string;
}

/** A string key that is unique per identity (NUL cannot be confused with either part's content boundary). */
export type IdentityKey = string & { readonly __identityKey: unique symbol };

/** Keys already made, per identity object: the wire decoder hands out one object per agent, so its key is made once. */
const madeKeys = new WeakMap<AgentIdentity, IdentityKey>();

export function identityKey(identity: AgentIdentity): IdentityKey {
  let key = madeKeys.get(identity);
  if (key === undefined) {
    key = `${identity.backend}\u0000${identity.sessionId}` as IdentityKey;
    madeKeys.set(identity, key);
  }
  return key;
}

export function sameIdentity(a: AgentIdentity, b: AgentIdentity): boolean {
  return a.backend === b.backend && a.sessionId === b.sessionId;
}

export function makeIdentity(backend: string, sessionId: string): AgentIdentity {
  return Object.freeze({ backend, sessionId });
}
