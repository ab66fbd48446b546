import { identityKey, type AgentIdentity, type IdentityKey } from '../../domain/index.js';
import type { ConnectionId } from './types.js';

/**
 * Lease ownership, bindings and lease metadata (control-plane.md §2, §11).
 * Bindings may exist without an owner ("dangling", §11.8); only owned
 * bindings make a session leased.
 */
export class LeaseTable {
  readonly #owner = new Map<string, ConnectionId>();
  readonly #leaseOf = new Map<ConnectionId, string>();
  readonly #binding = new Map<string, AgentIdentity>();
  readonly #metadata = new Map<string, Readonly<Record<string, string>>>();

  leaseOf(connection: ConnectionId): string | null {
    return this.#leaseOf.get(connection) ?? null;
  }

  ownerOf(leaseId: string): ConnectionId | null {
    return this.#owner.get(leaseId) ?? null;
  }

  boundIdentity(leaseId: string): AgentIdentity | null {
    return this.#binding.get(leaseId) ?? null;
  }

  metadataOf(leaseId: string): Readonly<Record<string, string>> {
    return this.#metadata.get(leaseId) ?? {};
  }

  /** §11.1: some lease that has an owner binds this identity. */
  isLeased(key: IdentityKey): boolean {
    for (const [leaseId, identity] of this.#binding) {
      if (identityKey(identity) === key && this.#owner.has(leaseId)) return true;
    }
    return false;
  }

  /**
   * §11.2 steps 2–3: the connection becomes the owner, silently dispossessing a
   * previous owner (whose later disconnect then has no lease effect).
   */
  take(connection: ConnectionId, leaseId: string, metadata: Readonly<Record<string, string>>): void {
    const previousOwner = this.#owner.get(leaseId);
    if (previousOwner !== undefined && previousOwner !== connection) this.#leaseOf.delete(previousOwner);
    this.#owner.set(leaseId, connection);
    this.#leaseOf.set(connection, leaseId);
    this.#metadata.set(leaseId, { ...metadata });
  }

  /** §11.3 step 1: records the binding whether or not the lease is owned; returns the previous one. */
  bind(leaseId: string, identity: AgentIdentity): AgentIdentity | null {
    const previous = this.#binding.get(leaseId) ?? null;
    this.#binding.set(leaseId, identity);
    return previous;
  }

  /**
   * §11.4: only the owner may release. Forgets the lease entirely and returns
   * whether it was released plus the identity it was bound to.
   */
  release(leaseId: string, connection: ConnectionId): { released: boolean; bound: AgentIdentity | null } {
    if (this.#owner.get(leaseId) !== connection) return { released: false, bound: null };
    const bound = this.#binding.get(leaseId) ?? null;
    this.#owner.delete(leaseId);
    this.#leaseOf.delete(connection);
    this.#binding.delete(leaseId);
    this.#metadata.delete(leaseId);
    return { released: true, bound };
  }

  /** §8 step 5: the leases stay owned (with their metadata) but become unbound. */
  unbindIdentity(key: IdentityKey): void {
    for (const [leaseId, identity] of this.#binding) {
      if (identityKey(identity) === key) this.#binding.delete(leaseId);
    }
  }

  /** Every bound identity, for invariant checks. */
  boundIdentities(): AgentIdentity[] {
    return [...this.#binding.values()];
  }
}
