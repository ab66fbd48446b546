import { addressKey, describeAddress, type PlacedAddress } from './address.js';
import { paletteBatchLayout, paletteGroupProblems } from './palette-sysex-layout.js';
import { GRID_SIZE, isFullGrid, type ProfileParts, type Report } from './rule-context.js';
import { controlAddresses } from './rules-surface-addresses.js';

/** V57 (the extension's part): a batched palette group carries one LED number and one palette value. */
export function checkPaletteGroup(parts: ProfileParts, report: Report): void {
  const capability = parts.capabilities?.palette_sysex;
  if (capability === undefined) return;
  for (const problem of paletteGroupProblems(paletteBatchLayout(capability).group)) {
    report(57, 'capabilities.palette_sysex.group', problem);
  }
}

/** Every light the renderer writes: the 64 pads, the controls, and both showcase rails. */
function everyLight(parts: ProfileParts): PlacedAddress[] | null {
  const { kind, channel, rows } = parts.grid;
  const showcase = parts.surface.showcase;
  if (kind === undefined || channel === undefined || rows === undefined || !isFullGrid(rows) || showcase === undefined) return null;
  const placed: PlacedAddress[] = [];
  for (let y = 0; y < GRID_SIZE; y += 1) {
    for (let x = 0; x < GRID_SIZE; x += 1) placed.push({ address: { kind, number: rows[y]![x]!, channel }, path: `grid.rows[${y}][${x}]` });
  }
  placed.push(...controlAddresses(parts));
  showcase.top.forEach((address, i) => placed.push({ address, path: `surface.showcase.top[${i}]` }));
  showcase.right.forEach((address, i) => placed.push({ address, path: `surface.showcase.right[${i}]` }));
  return placed;
}

/**
 * V58 (the extension's part): the batched SysEx addresses an LED by number
 * alone, so two different lights (addresses that differ in kind or channel)
 * must not share a number. One address in several roles is one light.
 */
export function checkPaletteNumbers(parts: ProfileParts, report: Report): void {
  if (parts.capabilities?.palette_sysex === undefined) return;
  const placed = everyLight(parts);
  if (placed === null) return;
  const first = new Map<number, PlacedAddress>();
  for (const light of placed) {
    const earlier = first.get(light.address.number);
    if (earlier === undefined) first.set(light.address.number, light);
    else if (addressKey(earlier.address) !== addressKey(light.address)) {
      report(
        58,
        light.path,
        `capabilities.palette_sysex needs unique numeric light addresses: ${describeAddress(light.address)} shares number ${light.address.number} with ${earlier.path}`,
      );
    }
  }
}
