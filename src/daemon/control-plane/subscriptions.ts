import {
  APPROVAL_ACTIONS,
  type ApprovalPrompt,
  CONTROL_ACTIONS,
  isActionPermitted,
  type AgentState,
  type ControlAction,
  type IdentityKey,
} from '../../domain/index.js';
import type { ConnectionId } from './types.js';

/** A connection's advertised capabilities for one identity (control-plane.md §2, §12). */
export interface Subscription {
  readonly connection: ConnectionId;
  readonly key: IdentityKey;
  actions: Set<ControlAction>;
  requestId: string | null;
  oneShot: boolean;
  /** Sequence value of the subscribe bump; orders recipients oldest first. */
  readonly subscribedAt: number;
  /** What the request asks to approve, when its client described it (an extension: `approval_details`). */
  details: ApprovalPrompt | null;
}

/** At most one subscription per connection; a new subscribe replaces the old one. */
export class SubscriptionTable {
  readonly #byConnection = new Map<ConnectionId, Subscription>();

  set(subscription: Subscription): void {
    this.#byConnection.set(subscription.connection, subscription);
  }

  removeConnection(connection: ConnectionId): boolean {
    return this.#byConnection.delete(connection);
  }

  /** §8 step 4: drops every subscription targeting the identity, whichever connection holds it. */
  removeIdentity(key: IdentityKey): void {
    for (const [connection, subscription] of this.#byConnection) {
      if (subscription.key === key) this.#byConnection.delete(connection);
    }
  }

  get(connection: ConnectionId): Subscription | null {
    return this.#byConnection.get(connection) ?? null;
  }

  all(): Subscription[] {
    return [...this.#byConnection.values()];
  }

  #forIdentity(key: IdentityKey): Subscription[] {
    return this.all().filter((subscription) => subscription.key === key);
  }

  /** §7.2: a request-scoped subscription offering approve or reject for the identity. */
  hasPendingApproval(key: IdentityKey): boolean {
    return this.#forIdentity(key).some(
      (subscription) => subscription.requestId !== null && [...subscription.actions].some((action) => APPROVAL_ACTIONS.has(action)),
    );
  }

  /** The description of the approval the pad would answer first for the identity (§12.3 order), if its client gave one. */
  approvalDetails(key: IdentityKey): ApprovalPrompt | null {
    return this.recipients(key, 'approve').find((subscription) => subscription.requestId !== null)?.details ?? null;
  }

  /** §12.2 for one identity in one state, in canonical action order, counting the subscriptions whose connection `delivers`. */
  available(key: IdentityKey, state: AgentState, delivers: (connection: ConnectionId) => boolean = () => true): Set<ControlAction> {
    const offered = new Set<ControlAction>();
    for (const subscription of this.#forIdentity(key)) {
      if (!delivers(subscription.connection)) continue;
      for (const action of subscription.actions) offered.add(action);
    }
    return new Set(CONTROL_ACTIONS.filter((action) => offered.has(action) && isActionPermitted(action, state)));
  }

  /** §12.3 step 3: request-scoped before unscoped, then oldest first; only connections that `deliver`. */
  recipients(key: IdentityKey, action: ControlAction, delivers: (connection: ConnectionId) => boolean = () => true): Subscription[] {
    const scopedFirst = (subscription: Subscription): number => (subscription.requestId === null ? 1 : 0);
    return this.#forIdentity(key)
      .filter((subscription) => subscription.actions.has(action) && delivers(subscription.connection))
      .sort((a, b) => scopedFirst(a) - scopedFirst(b) || a.subscribedAt - b.subscribedAt);
  }
}

/** §12.3 step 8: a one-shot recipient loses every capability before delivery. */
export function disableOneShot(subscription: Subscription): void {
  subscription.actions = new Set();
  subscription.requestId = null;
  subscription.oneShot = false;
  subscription.details = null;
}
