import { identityKey, type IdentityKey } from '../../domain/index.js';
import type { LeaseTable } from './leases.js';
import type { Registry } from './registry.js';
import type { SubscriptionTable } from './subscriptions.js';

export interface InvariantParts {
  readonly registry: Registry;
  readonly subscriptions: SubscriptionTable;
  readonly leases: LeaseTable;
  readonly capacity: number;
  readonly accentNames: readonly string[];
}

/** The invariants of control-plane.md §19 that the plane's own structure could break; one message per violation. */
export function invariantViolations(parts: InvariantParts): string[] {
  const { registry, capacity, accentNames } = parts;
  const violations: string[] = [];
  const all = registry.all();
  const registered = new Set<IdentityKey>(all.map((record) => record.key));
  const visible = all.filter((record) => record.slot !== null);

  for (let slot = 0; slot < capacity; slot += 1) {
    const occupant = registry.occupant(slot);
    if (occupant !== null && (occupant.slot !== slot || !registered.has(occupant.key))) {
      violations.push(`1: slot table entry ${slot} disagrees with its session`);
    }
  }
  for (const record of visible) {
    if (record.slot === null || registry.occupant(record.slot) !== record) {
      violations.push(`1: session ${record.key} claims slot ${String(record.slot)} but the table disagrees`);
    }
  }
  const accents = visible.map((record) => record.accent);
  if (new Set(accents).size !== accents.length || accents.some((accent) => accent === null || !accentNames.includes(accent))) {
    violations.push(`2: visible accents not distinct or not in accentNames: ${accents.join(', ')}`);
  }
  if (visible.length > capacity) violations.push(`3: ${visible.length} visible sessions exceed capacity ${capacity}`);
  const selection = registry.selectionKey;
  const selected = selection === null ? null : registry.getByKey(selection);
  if (selection !== null && (selected === null || selected.slot === null)) {
    violations.push('4: the selection names an unregistered or invisible session');
  }
  const overflow = all.length - visible.length;
  if (overflow > 0 && visible.length < capacity) violations.push('6: overflow while a slot is empty');
  for (const subscription of parts.subscriptions.all()) {
    if (!registered.has(subscription.key)) violations.push(`7: subscription of ${subscription.connection} targets an unregistered identity`);
  }
  for (const identity of parts.leases.boundIdentities()) {
    if (!registered.has(identityKey(identity))) violations.push('8: a lease binding names an unregistered identity');
  }
  return violations;
}
