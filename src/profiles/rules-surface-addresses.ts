import { CONTROL_ACTIONS } from '../domain/index.js';
import { addressKey, compareAddresses, describeAddress, type PlacedAddress } from './address.js';
import { GRID_SIZE, isFullGrid, type ProfileParts, type Report } from './rule-context.js';

/** Reports every address already declared earlier in `placed` under the given rule. */
function reportDuplicates(placed: readonly PlacedAddress[], rank: number, report: Report): void {
  const seen = new Map<string, string>();
  for (const { address, path } of placed) {
    const earlier = seen.get(addressKey(address));
    if (earlier === undefined) seen.set(addressKey(address), path);
    else report(rank, path, `duplicate MIDI address: ${describeAddress(address)} is already used by ${earlier}`);
  }
}

/** Actions (canonical order), selectors, statuses, overflow: the addresses with an operational role. */
export function controlAddresses(parts: ProfileParts): PlacedAddress[] {
  const { actions, agent_selectors: selectors, agent_statuses: statuses, indicators } = parts.surface;
  const placed: PlacedAddress[] = [];
  for (const action of CONTROL_ACTIONS) {
    const address = actions?.[action];
    if (address !== undefined) placed.push({ address, path: `surface.actions.${action}` });
  }
  selectors?.forEach((address, i) => placed.push({ address, path: `surface.agent_selectors[${i}]` }));
  statuses?.forEach((address, i) => placed.push({ address, path: `surface.agent_statuses[${i}]` }));
  if (indicators?.overflow !== undefined) placed.push({ address: indicators.overflow, path: 'surface.indicators.overflow' });
  return placed;
}

/** V37: the 16 showcase lights are distinct (top and right together). */
export function checkShowcaseDuplicates(parts: ProfileParts, report: Report): void {
  const showcase = parts.surface.showcase;
  if (showcase === undefined) return;
  const placed = [
    ...showcase.top.map((address, i) => ({ address, path: `surface.showcase.top[${i}]` })),
    ...showcase.right.map((address, i) => ({ address, path: `surface.showcase.right[${i}]` })),
  ];
  reportDuplicates(placed, 37, report);
}

/** V38: no two controls share an address (showcase lights may; they only matter during a Show). */
export function checkControlDuplicates(parts: ProfileParts, report: Report): void {
  reportDuplicates(controlAddresses(parts), 38, report);
}

/**
 * V39: no control lies on a canvas pad. Every offender is reported, smallest
 * address first (kind as text, channel, number), which is the one the reference names.
 */
export function checkRegionOverlap(parts: ProfileParts, report: Report): void {
  const region = parts.surface.state_region;
  const { kind, channel, rows } = parts.grid;
  if (region === undefined || kind === undefined || channel === undefined) return;
  if (rows === undefined || !isFullGrid(rows)) return;
  if (region.width !== 7 || region.height !== 8) return;
  if (region.x + region.width > GRID_SIZE || region.y + region.height > GRID_SIZE) return;
  const canvas = new Map<string, string>();
  for (let y = region.y; y < region.y + region.height; y += 1) {
    for (let x = region.x; x < region.x + region.width; x += 1) {
      canvas.set(addressKey({ kind, number: rows[y]![x]!, channel }), `grid.rows[${y}][${x}]`);
    }
  }
  const offenders = controlAddresses(parts)
    .map((placed) => ({ ...placed, pad: canvas.get(addressKey(placed.address)) }))
    .filter((placed) => placed.pad !== undefined)
    .sort((a, b) => compareAddresses(a.address, b.address));
  for (const { address, path, pad } of offenders) {
    report(39, path, `state region overlaps a control address: ${describeAddress(address)} is canvas pad ${pad}`);
  }
}
