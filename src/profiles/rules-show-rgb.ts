import { isFullGrid, GRID_SIZE, type ProfileParts, type Report } from './rule-context.js';

/**
 * V58: the RGB SysEx addresses LEDs by number alone, so with `show_rgb` the 80
 * show numbers (grid, showcase top, showcase right) must be distinct whatever
 * their kind or channel.
 */
export function checkShowNumbers(parts: ProfileParts, report: Report): void {
  const rows = parts.grid.rows;
  const showcase = parts.surface.showcase;
  if (parts.capabilities?.show_rgb === undefined || rows === undefined || showcase === undefined) return;
  if (!isFullGrid(rows)) return;
  const seen = new Map<number, string>();
  const visit = (number: number, path: string) => {
    const earlier = seen.get(number);
    if (earlier === undefined) seen.set(number, path);
    else {
      report(
        58,
        path,
        `capabilities.show_rgb needs unique numeric show addresses: number ${number} is also used by ${earlier}`,
      );
    }
  };
  for (let y = 0; y < GRID_SIZE; y += 1) {
    for (let x = 0; x < GRID_SIZE; x += 1) visit(rows[y]![x]!, `grid.rows[${y}][${x}]`);
  }
  showcase.top.forEach((address, i) => visit(address.number, `surface.showcase.top[${i}]`));
  showcase.right.forEach((address, i) => visit(address.number, `surface.showcase.right[${i}]`));
}
