import type { QrMatrix } from './qr-matrix.js';

/** The eight data-mask conditions (ISO/IEC 18004 Table 10); x is the column, y the row. */
const MASKS: readonly ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

export const MASK_COUNT = MASKS.length;

/** XORs the mask into every non-function module; applying it twice restores the matrix. */
export function applyMask(matrix: QrMatrix, mask: number): void {
  const condition = MASKS[mask]!;
  for (let y = 0; y < matrix.size; y += 1) {
    for (let x = 0; x < matrix.size; x += 1) {
      if (!matrix.reserved[y]![x] && condition(x, y)) matrix.dark[y]![x] = !matrix.dark[y]![x];
    }
  }
}

/** A dark-light-dark-dark-dark-light-dark run with four light modules on one side, as bits. */
const FINDER_LIKE = [0b10111010000, 0b00001011101];

/** The four penalty rules of §7.8.3; the encoder keeps the mask with the lowest score. */
export function penaltyScore(matrix: QrMatrix): number {
  const { size, dark } = matrix;
  let score = 0;
  const lines: boolean[][] = [...dark, ...dark.map((_, x) => dark.map((row) => row[x]!))];
  for (const line of lines) {
    let run = 1;
    for (let i = 1; i <= size; i += 1) {
      if (i < size && line[i] === line[i - 1]) {
        run += 1;
        continue;
      }
      if (run >= 5) score += 3 + (run - 5);
      run = 1;
    }
    let window = 0;
    for (let i = 0; i < size; i += 1) {
      window = ((window << 1) | (line[i] ? 1 : 0)) & 0x7ff;
      if (i >= 10 && FINDER_LIKE.includes(window)) score += 40;
    }
  }
  let darkCount = 0;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (dark[y]![x]) darkCount += 1;
      if (y + 1 < size && x + 1 < size) {
        const colour = dark[y]![x];
        if (dark[y]![x + 1] === colour && dark[y + 1]![x] === colour && dark[y + 1]![x + 1] === colour) score += 3;
      }
    }
  }
  const darkPercent = (darkCount * 100) / (size * size);
  score += Math.floor(Math.abs(darkPercent - 50) / 5) * 10;
  return score;
}
