import { rsRemainder } from './galois.js';
import { applyMask, MASK_COUNT, penaltyScore } from './qr-mask.js';
import { drawFormatBits, drawFunctionPatterns, placeCodewords, QrMatrix } from './qr-matrix.js';
import { byteCapacity, countBits, dataCodewords, LAYOUTS_M, type VersionLayout } from './qr-tables.js';

/** An encoded QR symbol: `dark[y][x]`, without the quiet zone. */
export interface QrCode {
  readonly version: number;
  readonly mask: number;
  readonly size: number;
  readonly dark: readonly (readonly boolean[])[];
}

export class QrCapacityError extends RangeError {
  override readonly name = 'QrCapacityError';
}

/** The most bytes `encodeQr` accepts (version 10, level M). */
export const QR_MAX_BYTES = byteCapacity(LAYOUTS_M[LAYOUTS_M.length - 1]!);

/**
 * Encodes text as one byte-mode segment (UTF-8) at error-correction level M
 * in the smallest version 1–10 that holds it, choosing the mask with the
 * lowest penalty (ISO/IEC 18004).
 */
export function encodeQr(text: string): QrCode {
  const bytes = new TextEncoder().encode(text);
  const layout = LAYOUTS_M.find((candidate) => byteCapacity(candidate) >= bytes.length);
  if (layout === undefined) throw new QrCapacityError(`QR payload of ${bytes.length} bytes exceeds ${QR_MAX_BYTES}`);
  const codewords = interleave(layout, dataCodewordsFor(layout, bytes));
  const matrix = new QrMatrix(layout.version);
  drawFunctionPatterns(matrix, layout);
  placeCodewords(matrix, codewords);
  let best = { mask: 0, score: Infinity };
  for (let mask = 0; mask < MASK_COUNT; mask += 1) {
    applyMask(matrix, mask);
    drawFormatBits(matrix, mask);
    const score = penaltyScore(matrix);
    if (score < best.score) best = { mask, score };
    applyMask(matrix, mask);
  }
  applyMask(matrix, best.mask);
  drawFormatBits(matrix, best.mask);
  return { version: layout.version, mask: best.mask, size: matrix.size, dark: matrix.dark };
}

/** Mode 0100, count, data, terminator, zero bits to a byte boundary, then pad codewords 0xEC 0x11 (§7.4). */
export function dataCodewordsFor(layout: VersionLayout, bytes: Uint8Array): Uint8Array {
  const capacity = dataCodewords(layout);
  const bits: number[] = [];
  const append = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i -= 1) bits.push((value >>> i) & 1);
  };
  append(0b0100, 4);
  append(bytes.length, countBits(layout.version));
  for (const byte of bytes) append(byte, 8);
  append(0, Math.min(4, capacity * 8 - bits.length));
  append(0, (8 - (bits.length % 8)) % 8);
  const result = new Uint8Array(capacity);
  for (let i = 0; i < bits.length; i += 1) result[i >>> 3] = result[i >>> 3]! | (bits[i]! << (7 - (i & 7)));
  for (let i = bits.length / 8, pad = 0xec; i < capacity; i += 1, pad ^= 0xec ^ 0x11) result[i] = pad;
  return result;
}

/** Splits data into blocks, adds each block's EC codewords, and interleaves both column by column (§7.6). */
export function interleave(layout: VersionLayout, data: Uint8Array): Uint8Array {
  const blocks: { data: Uint8Array; ec: Uint8Array }[] = [];
  let offset = 0;
  for (const size of layout.dataBlocks) {
    const block = data.subarray(offset, offset + size);
    blocks.push({ data: block, ec: rsRemainder(block, layout.ecPerBlock) });
    offset += size;
  }
  const result: number[] = [];
  const longest = Math.max(...layout.dataBlocks);
  for (let i = 0; i < longest; i += 1) {
    for (const block of blocks) if (i < block.data.length) result.push(block.data[i]!);
  }
  for (let i = 0; i < layout.ecPerBlock; i += 1) {
    for (const block of blocks) result.push(block.ec[i]!);
  }
  return Uint8Array.from(result);
}
