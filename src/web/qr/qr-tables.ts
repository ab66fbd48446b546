/**
 * Error-correction level M for versions 1–10 (ISO/IEC 18004 Table 9): enough
 * for a pairing URL of up to 213 bytes. Each entry: EC codewords per block and
 * the data codewords of every block, shorter blocks first.
 */
export interface VersionLayout {
  readonly version: number;
  readonly ecPerBlock: number;
  readonly dataBlocks: readonly number[];
  /** Centre coordinates of alignment patterns (Annex E). */
  readonly alignment: readonly number[];
}

function blocks(...groups: [count: number, dataCodewords: number][]): number[] {
  return groups.flatMap(([count, size]) => new Array<number>(count).fill(size));
}

export const LAYOUTS_M: readonly VersionLayout[] = [
  { version: 1, ecPerBlock: 10, dataBlocks: blocks([1, 16]), alignment: [] },
  { version: 2, ecPerBlock: 16, dataBlocks: blocks([1, 28]), alignment: [6, 18] },
  { version: 3, ecPerBlock: 26, dataBlocks: blocks([1, 44]), alignment: [6, 22] },
  { version: 4, ecPerBlock: 18, dataBlocks: blocks([2, 32]), alignment: [6, 26] },
  { version: 5, ecPerBlock: 24, dataBlocks: blocks([2, 43]), alignment: [6, 30] },
  { version: 6, ecPerBlock: 16, dataBlocks: blocks([4, 27]), alignment: [6, 34] },
  { version: 7, ecPerBlock: 18, dataBlocks: blocks([4, 31]), alignment: [6, 22, 38] },
  { version: 8, ecPerBlock: 22, dataBlocks: blocks([2, 38], [2, 39]), alignment: [6, 24, 42] },
  { version: 9, ecPerBlock: 22, dataBlocks: blocks([3, 36], [2, 37]), alignment: [6, 26, 46] },
  { version: 10, ecPerBlock: 26, dataBlocks: blocks([4, 43], [1, 44]), alignment: [6, 28, 50] },
];

/** Format-information bits of level M (Table 12: L=01, M=00, Q=11, H=10). */
export const EC_LEVEL_M_BITS = 0b00;

export function dataCodewords(layout: VersionLayout): number {
  return layout.dataBlocks.reduce((sum, size) => sum + size, 0);
}

/** Byte-mode character-count field width: 8 bits up to version 9, 16 from version 10. */
export function countBits(version: number): number {
  return version <= 9 ? 8 : 16;
}

/** Bytes a version holds in one byte-mode segment (mode 4 bits + count field). */
export function byteCapacity(layout: VersionLayout): number {
  return Math.floor((dataCodewords(layout) * 8 - 4 - countBits(layout.version)) / 8);
}
