import type { VersionLayout } from './qr-tables.js';

/** A square module grid; `dark[y][x]`, with the function-pattern cells marked so data placement skips them. */
export class QrMatrix {
  readonly size: number;
  readonly dark: boolean[][];
  readonly reserved: boolean[][];

  constructor(version: number) {
    this.size = 17 + 4 * version;
    this.dark = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
    this.reserved = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
  }

  setFunction(x: number, y: number, dark: boolean): void {
    this.dark[y]![x] = dark;
    this.reserved[y]![x] = true;
  }
}

/** Finders, separators, timing, alignment, the dark module and reserved format/version areas (ISO/IEC 18004 §6.3). */
export function drawFunctionPatterns(matrix: QrMatrix, layout: VersionLayout): void {
  const { size } = matrix;
  for (let i = 0; i < size; i += 1) {
    matrix.setFunction(6, i, i % 2 === 0);
    matrix.setFunction(i, 6, i % 2 === 0);
  }
  drawFinder(matrix, 3, 3);
  drawFinder(matrix, size - 4, 3);
  drawFinder(matrix, 3, size - 4);
  const centres = layout.alignment;
  for (const cx of centres) {
    for (const cy of centres) {
      const overlapsFinder = (cx === 6 && cy === 6) || (cx === 6 && cy === size - 7) || (cx === size - 7 && cy === 6);
      if (!overlapsFinder) drawAlignment(matrix, cx, cy);
    }
  }
  // Placeholders; the real format bits are drawn once the mask is chosen.
  drawFormatBits(matrix, 0);
  drawVersionBits(matrix, layout.version);
}

/** A 7×7 finder with its one-module light separator (clipped at the edges). */
function drawFinder(matrix: QrMatrix, cx: number, cy: number): void {
  for (let dy = -4; dy <= 4; dy += 1) {
    for (let dx = -4; dx <= 4; dx += 1) {
      const x = cx + dx;
      const y = cy + dy;
      if (x < 0 || y < 0 || x >= matrix.size || y >= matrix.size) continue;
      const ring = Math.max(Math.abs(dx), Math.abs(dy));
      matrix.setFunction(x, y, ring !== 2 && ring !== 4);
    }
  }
}

function drawAlignment(matrix: QrMatrix, cx: number, cy: number): void {
  for (let dy = -2; dy <= 2; dy += 1) {
    for (let dx = -2; dx <= 2; dx += 1) matrix.setFunction(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
  }
}

/** 15 bits: level M (00) and the mask, BCH(15,5) with generator 0x537, XOR 0x5412 (§7.9). */
export function formatBits(mask: number): number {
  const data = (0b00 << 3) | mask;
  let remainder = data;
  for (let i = 0; i < 10; i += 1) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  return ((data << 10) | remainder) ^ 0x5412;
}

/** 18 bits: the version and its BCH(18,6) remainder with generator 0x1F25 (§7.10). */
export function versionBits(version: number): number {
  let remainder = version;
  for (let i = 0; i < 12; i += 1) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
  return (version << 12) | remainder;
}

const bit = (value: number, index: number): boolean => ((value >>> index) & 1) !== 0;

/** Both copies of the format information, bit 0 first, plus the always-dark module. */
export function drawFormatBits(matrix: QrMatrix, mask: number): void {
  const bits = formatBits(mask);
  const { size } = matrix;
  for (let i = 0; i <= 5; i += 1) matrix.setFunction(8, i, bit(bits, i));
  matrix.setFunction(8, 7, bit(bits, 6));
  matrix.setFunction(8, 8, bit(bits, 7));
  matrix.setFunction(7, 8, bit(bits, 8));
  for (let i = 9; i < 15; i += 1) matrix.setFunction(14 - i, 8, bit(bits, i));
  for (let i = 0; i < 8; i += 1) matrix.setFunction(size - 1 - i, 8, bit(bits, i));
  for (let i = 8; i < 15; i += 1) matrix.setFunction(8, size - 15 + i, bit(bits, i));
  matrix.setFunction(8, size - 8, true);
}

function drawVersionBits(matrix: QrMatrix, version: number): void {
  if (version < 7) return;
  const bits = versionBits(version);
  for (let i = 0; i < 18; i += 1) {
    const a = matrix.size - 11 + (i % 3);
    const b = Math.floor(i / 3);
    matrix.setFunction(a, b, bit(bits, i));
    matrix.setFunction(b, a, bit(bits, i));
  }
}

/** Codeword bits, most significant first, in the two-column zigzag from the bottom-right corner (§7.7.3). */
export function placeCodewords(matrix: QrMatrix, codewords: Uint8Array): void {
  const { size } = matrix;
  let index = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5; // The vertical timing pattern takes column 6.
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < size; step += 1) {
      const y = upward ? size - 1 - step : step;
      for (let column = 0; column < 2; column += 1) {
        const x = right - column;
        if (matrix.reserved[y]![x] || index >= codewords.length * 8) continue;
        matrix.dark[y]![x] = bit(codewords[index >>> 3]!, 7 - (index & 7));
        index += 1;
      }
    }
  }
}
