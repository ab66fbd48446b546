import { groupProblems, hasSevenBitChannel, rgbLayout } from './rgb-layout.js';
import { isFullGrid, GRID_SIZE, type ProfileParts, type Report } from './rule-context.js';

/**
 * V57 (the extension's part): the group must address an LED and carry each
 * colour channel once, and a 7-bit channel byte caps channel_max at 127.
 */
export function checkRgbGroup(parts: ProfileParts, report: Report): void {
  const capability = parts.capabilities?.show_rgb;
  if (capability === undefined) return;
  const layout = rgbLayout(capability);
  for (const problem of groupProblems(layout.group)) report(57, 'capabilities.show_rgb.group', problem);
  if (hasSevenBitChannel(layout.group) && layout.channelMax > 127) {
    report(57, 'capabilities.show_rgb.channel_max', 'must be an integer from 1 to 127 (up to 255 when group sends each channel as _hi and _lo bytes)');
  }
}

/**
 * V58: the RGB SysEx addresses LEDs by number alone, so with `show_rgb` the
 * numbers of the lights it drives (grid, and unless `lights` is "grid" the
 * showcase top and right rails) must be distinct whatever their kind or channel.
 */
export function checkShowNumbers(parts: ProfileParts, report: Report): void {
  const rows = parts.grid.rows;
  const showcase = parts.surface.showcase;
  const capability = parts.capabilities?.show_rgb;
  if (capability === undefined || rows === undefined || showcase === undefined) return;
  if (!isFullGrid(rows)) return;
  const seen = new Map<number, string>();
  const visit = (number: number, path: string) => {
    const earlier = seen.get(number);
    if (earlier === undefined) seen.set(number, path);
    else {
      report(58, path, `capabilities.show_rgb needs unique numeric show addresses: number ${number} is also used by ${earlier}`);
    }
  };
  for (let y = 0; y < GRID_SIZE; y += 1) {
    for (let x = 0; x < GRID_SIZE; x += 1) visit(rows[y]![x]!, `grid.rows[${y}][${x}]`);
  }
  if (rgbLayout(capability).lights === 'grid') return;
  showcase.top.forEach((address, i) => visit(address.number, `surface.showcase.top[${i}]`));
  showcase.right.forEach((address, i) => visit(address.number, `surface.showcase.right[${i}]`));
}
