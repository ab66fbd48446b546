import { CONTROL_ACTIONS } from '../domain/index.js';
import { CONFORMANCE_LEVELS } from './schema.js';
import type { ProfileParts, Report } from './rule-context.js';

const KNOWN_LEVELS: ReadonlySet<string> = new Set(CONFORMANCE_LEVELS);

/** V49–V54: the declared levels exist, include core-state, and the surface can honour them. */
export function checkConformance(parts: ProfileParts, report: Report): void {
  const levels = parts.conformance;
  if (levels === undefined) return;
  if (levels.length === 0) {
    report(49, 'conformance', 'must be a non-empty string array');
    return;
  }
  const unknown = [...new Set(levels.filter((level) => !KNOWN_LEVELS.has(level)))].sort();
  if (unknown.length > 0) {
    report(50, 'conformance', `unknown levels: ${unknown.join(', ')} (known: ${CONFORMANCE_LEVELS.join(', ')})`);
  }
  if (!levels.includes('core-state')) report(51, 'conformance', 'must include core-state');
  const { agent_selectors: selectors, indicators, actions } = parts.surface;
  if (levels.includes('multi-agent')) {
    if (selectors !== undefined && selectors.length < 2) {
      report(52, 'conformance', `multi-agent needs at least two selector slots (found ${selectors.length})`);
    }
    if (indicators !== undefined && indicators.overflow === undefined) {
      report(53, 'conformance', 'multi-agent requires an overflow indicator (surface.indicators.overflow)');
    }
  }
  if (levels.includes('actions') && actions !== undefined) {
    const missing = CONTROL_ACTIONS.filter((action) => actions[action] === undefined);
    if (missing.length > 0) {
      report(54, 'conformance', `actions conformance requires mappings for ${missing.join(', ')} (surface.actions)`);
    }
  }
}
