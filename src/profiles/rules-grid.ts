import { addressKey, describeAddress } from './address.js';
import { GRID_SIZE, isFullGrid, type ProfileParts, type Report } from './rule-context.js';

/** V19 (equal row widths), V20 (8x8) and V21 (64 distinct pad addresses). */
export function checkGrid(parts: ProfileParts, report: Report): void {
  const rows = parts.grid.rows;
  if (rows === undefined) return;
  const width = rows[0]?.length ?? 0;
  let ragged = false;
  rows.forEach((row, y) => {
    if (row.length !== width) {
      ragged = true;
      report(19, `grid.rows[${y}]`, `grid rows must all have the same width (row 0 has ${width} pads, this row ${row.length})`);
    }
  });
  if (ragged) return;
  if (!isFullGrid(rows)) {
    report(20, 'grid.rows', `grid must be 8x8 (found ${rows.length} rows of ${width})`);
    return;
  }
  const { kind, channel } = parts.grid;
  if (kind === undefined || channel === undefined) return;
  const seen = new Map<string, string>();
  for (let y = 0; y < GRID_SIZE; y += 1) {
    for (let x = 0; x < GRID_SIZE; x += 1) {
      const address = { kind, number: rows[y]![x]!, channel };
      const path = `grid.rows[${y}][${x}]`;
      const earlier = seen.get(addressKey(address));
      if (earlier === undefined) seen.set(addressKey(address), path);
      else report(21, path, `duplicate MIDI address: ${describeAddress(address)} is already used by ${earlier}`);
    }
  }
}
