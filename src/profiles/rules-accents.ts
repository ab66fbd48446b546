import { IDENTITY_ACCENTS } from '../domain/index.js';
import type { ProfileParts, Report } from './rule-context.js';
import { hasValidSlots } from './rules-surface-shape.js';

/** V45 (one accent per selector slot), V47 (unique names), V48 (the first N Visual Protocol accents, in order). */
export function checkAccents(parts: ProfileParts, report: Report): void {
  const accents = parts.accents;
  if (accents === undefined) return;
  const selectors = parts.surface.agent_selectors;
  if (hasValidSlots(parts) && selectors !== undefined && accents.length !== selectors.length) {
    report(45, 'accents', `must have exactly ${selectors.length} named color pairs, one per selector slot (found ${accents.length})`);
  }
  const firstUse = new Map<string, number>();
  let unique = true;
  accents.forEach(({ name }, i) => {
    const earlier = firstUse.get(name);
    if (earlier === undefined) firstUse.set(name, i);
    else {
      unique = false;
      report(47, `accents[${i}].name`, `accents must have unique names ('${name}' is also accents[${earlier}])`);
    }
  });
  if (!unique) return;
  const names = accents.map(({ name }) => name);
  const expected = IDENTITY_ACCENTS.slice(0, names.length);
  if (names.some((name, i) => name !== expected[i])) {
    report(48, 'accents', `accent names must follow Visual Protocol order: expected ${expected.join(', ')}; found ${names.join(', ')}`);
  }
}
