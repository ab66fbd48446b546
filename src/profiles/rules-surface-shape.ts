import { MAX_SELECTOR_SLOTS } from '../domain/index.js';
import { GRID_SIZE, type ProfileParts, type Report } from './rule-context.js';

const REGION_WIDTH = 7;
const REGION_HEIGHT = 8;
const SHOWCASE_LENGTH = 8;

/** V24 (the state canvas is 7x8) and V25 (it lies inside the grid). */
export function checkStateRegion(parts: ProfileParts, report: Report): void {
  const region = parts.surface.state_region;
  if (region === undefined) return;
  if (region.width !== REGION_WIDTH || region.height !== REGION_HEIGHT) {
    report(24, 'surface.state_region', `state region must be 7x8 (width 7, height 8), found ${region.width}x${region.height}`);
    return;
  }
  if (region.x + region.width > GRID_SIZE || region.y + region.height > GRID_SIZE) {
    report(
      25,
      'surface.state_region',
      `state region exceeds the grid (x ${region.x} + width ${region.width}, y ${region.y} + height ${region.height}; the grid is 8x8)`,
    );
  }
}

/** V30–V32: one status per selector, between one and eight pairs. */
export function checkSelectorSlots(parts: ProfileParts, report: Report): void {
  const { agent_selectors: selectors, agent_statuses: statuses } = parts.surface;
  if (selectors === undefined || statuses === undefined) return;
  if (selectors.length !== statuses.length) {
    report(
      30,
      'surface.agent_statuses',
      `agent_selectors and agent_statuses must have equal lengths (${selectors.length} selectors, ${statuses.length} statuses)`,
    );
  } else if (selectors.length === 0) {
    report(31, 'surface.agent_selectors', 'needs at least one selector/status pair');
  } else if (selectors.length > MAX_SELECTOR_SLOTS) {
    report(32, 'surface.agent_selectors', `allows at most eight selector slots (found ${selectors.length})`);
  }
}

/** V36: Show frames need exactly eight top and eight right lights. */
export function checkShowcaseLength(parts: ProfileParts, report: Report): void {
  const showcase = parts.surface.showcase;
  if (showcase === undefined) return;
  for (const side of ['top', 'right'] as const) {
    const found = showcase[side].length;
    if (found !== SHOWCASE_LENGTH) {
      report(36, `surface.showcase.${side}`, `showcase needs exactly eight top and eight right lights (found ${found} ${side})`);
    }
  }
}

/** True once the selector/status rules hold, so other rules may trust the slot count. */
export function hasValidSlots(parts: ProfileParts): boolean {
  const { agent_selectors: selectors, agent_statuses: statuses } = parts.surface;
  return (
    selectors !== undefined && statuses !== undefined && selectors.length === statuses.length && selectors.length >= 1 && selectors.length <= MAX_SELECTOR_SLOTS
  );
}
