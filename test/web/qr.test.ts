import { describe, expect, it } from 'vitest';
import { rsRemainder } from '../../src/web/qr/galois.js';
import { encodeQr, QR_MAX_BYTES, QrCapacityError, type QrCode } from '../../src/web/qr/qr-code.js';
import { formatBits, versionBits } from '../../src/web/qr/qr-matrix.js';
import { qrSvg, qrSvgDataUri } from '../../src/web/qr/qr-svg.js';
import { LAYOUTS_M } from '../../src/web/qr/qr-tables.js';

/** ISO/IEC 18004 Annex C: the 15-bit format information of level M for masks 0..7. */
const FORMAT_M = [0x5412, 0x5125, 0x5e7c, 0x5b4b, 0x45f9, 0x40ce, 0x4f97, 0x4aa0];
/** Annex D: version information of versions 7..10. */
const VERSION_INFO: Record<number, number> = { 7: 0x07c94, 8: 0x085bc, 9: 0x09a99, 10: 0x0a4d3 };
/** Annex E: alignment-pattern centres. */
const ALIGNMENT: Record<number, number[]> = {
  1: [],
  2: [6, 18],
  3: [6, 22],
  4: [6, 26],
  5: [6, 30],
  6: [6, 34],
  7: [6, 22, 38],
  8: [6, 24, 42],
  9: [6, 26, 46],
  10: [6, 28, 50],
};
const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(y / 2) + Math.floor(x / 3)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** Carry-less multiply modulo 0x11D: a different algorithm from the encoder's log tables. */
function gfMul(a: number, b: number): number {
  let product = 0;
  while (b > 0) {
    if (b & 1) product ^= a;
    a <<= 1;
    if (a & 0x100) a ^= 0x11d;
    b >>= 1;
  }
  return product;
}

function readBits(code: QrCode, cells: [number, number][]): number {
  return cells.reduce((value, [x, y], i) => value | (Number(code.dark[y]![x]) << i), 0);
}

/** Reads a symbol back the way a scanner does and returns its byte-mode payload, checking every block's syndromes. */
function decode(code: QrCode): { text: string; mask: number } {
  const size = code.dark.length;
  const version = (size - 17) / 4;
  const first: [number, number][] = [];
  for (let i = 0; i <= 5; i += 1) first.push([8, i]);
  first.push([8, 7], [8, 8], [7, 8]);
  for (let i = 9; i < 15; i += 1) first.push([14 - i, 8]);
  const second: [number, number][] = [];
  for (let i = 0; i < 8; i += 1) second.push([size - 1 - i, 8]);
  for (let i = 8; i < 15; i += 1) second.push([8, size - 15 + i]);
  const format = readBits(code, first);
  expect(readBits(code, second)).toBe(format);
  const mask = FORMAT_M.indexOf(format);
  expect(mask).toBeGreaterThanOrEqual(0);
  if (version >= 7) {
    const cells: [number, number][] = [];
    for (let i = 0; i < 18; i += 1) cells.push([size - 11 + (i % 3), Math.floor(i / 3)]);
    expect(readBits(code, cells)).toBe(VERSION_INFO[version]);
  }
  const isFunction = (x: number, y: number): boolean => {
    if (x === 6 || y === 6) return true;
    if ((x < 9 && y < 9) || (x >= size - 8 && y < 9) || (x < 9 && y >= size - 8)) return true;
    if (version >= 7 && ((x >= size - 11 && y < 6) || (y >= size - 11 && x < 6))) return true;
    const centres = ALIGNMENT[version]!;
    return centres.some((cx) =>
      centres.some((cy) => {
        const corner = (cx === 6 && cy === 6) || (cx === 6 && cy === size - 7) || (cx === size - 7 && cy === 6);
        return !corner && Math.abs(x - cx) <= 2 && Math.abs(y - cy) <= 2;
      }),
    );
  };
  const bits: number[] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < size; step += 1) {
      const y = upward ? size - 1 - step : step;
      for (const x of [right, right - 1]) {
        if (!isFunction(x, y)) bits.push(Number(code.dark[y]![x]) ^ Number(MASKS[mask]!(x, y)));
      }
    }
  }
  const layout = LAYOUTS_M[version - 1]!;
  const blockCount = layout.dataBlocks.length;
  const total = layout.dataBlocks.reduce((a, b) => a + b, 0) + blockCount * layout.ecPerBlock;
  expect(Math.floor(bits.length / 8)).toBe(total);
  const codewords = Array.from({ length: total }, (_, i) => bits.slice(i * 8, i * 8 + 8).reduce((v, b) => (v << 1) | b, 0));
  const blocks = layout.dataBlocks.map(() => [] as number[]);
  let k = 0;
  for (let i = 0; i < Math.max(...layout.dataBlocks); i += 1) {
    layout.dataBlocks.forEach((length, b) => i < length && blocks[b]!.push(codewords[k++]!));
  }
  const data = blocks.flatMap((block) => [...block]);
  for (let i = 0; i < layout.ecPerBlock; i += 1) blocks.forEach((block) => block.push(codewords[k++]!));
  for (const block of blocks) {
    for (let power = 0, alpha = 1; power < layout.ecPerBlock; power += 1, alpha = gfMul(alpha, 2)) {
      expect(block.reduce((syndrome, c) => gfMul(syndrome, alpha) ^ c, 0)).toBe(0);
    }
  }
  const stream = data.flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >> (7 - i)) & 1));
  const take = (n: number) => stream.splice(0, n).reduce((v, b) => (v << 1) | b, 0);
  expect(take(4)).toBe(0b0100);
  const length = take(version <= 9 ? 8 : 16);
  const bytes = Uint8Array.from({ length }, () => take(8));
  return { text: new TextDecoder().decode(bytes), mask };
}

describe('QR encoder (byte mode, level M)', () => {
  it('computes the format and version information of the standard tables', () => {
    expect(FORMAT_M.map((_, mask) => formatBits(mask))).toEqual(FORMAT_M);
    for (const version of [7, 8, 9, 10]) expect(versionBits(version)).toBe(VERSION_INFO[version]);
  });

  it('produces the Reed-Solomon codewords of the ISO 18004 example "01234567" (1-M)', () => {
    const data = Uint8Array.from([16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17]);
    expect([...rsRemainder(data, 10)]).toEqual([165, 36, 212, 193, 237, 54, 199, 135, 44, 85]);
  });

  it('round-trips payloads through every supported version', () => {
    const seen = new Set<number>();
    for (const length of [1, 14, 20, 26, 42, 60, 80, 106, 122, 150, 180, QR_MAX_BYTES]) {
      const text = 'http://pad.local:8765/#pair='.padEnd(length, 'x').slice(0, length);
      const code = encodeQr(text);
      seen.add(code.version);
      const decoded = decode(code);
      expect(decoded.text).toBe(text);
      expect(decoded.mask).toBe(code.mask);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('encodes non-ASCII text as UTF-8 bytes', () => {
    expect(decode(encodeQr('http://café.local/#pair=✓')).text).toBe('http://café.local/#pair=✓');
  });

  it('refuses a payload larger than version 10 holds', () => {
    expect(() => encodeQr('x'.repeat(QR_MAX_BYTES + 1))).toThrow(QrCapacityError);
  });

  it('draws the three finder patterns', () => {
    const code = encodeQr('http://192.168.1.10:8765/#pair=abcdefghijklmnopqrstuvwxyz012345');
    const finderRow = [true, false, true, true, true, false, true];
    for (const [x0, y0] of [
      [0, 0],
      [code.size - 7, 0],
      [0, code.size - 7],
    ] as const) {
      const rows = code.dark.slice(y0, y0 + 7).map((row) => row.slice(x0, x0 + 7));
      const ring = [true, false, false, false, false, false, true];
      expect(rows).toEqual([new Array(7).fill(true), ring, finderRow, finderRow, finderRow, ring, new Array(7).fill(true)]);
    }
  });

  it('renders 5 px modules with a 2-module quiet zone as an SVG data URI', () => {
    const code = encodeQr('http://pad-host.local:8765/#pair=secret');
    const svg = qrSvg(code);
    const pixels = (code.size + 4) * 5;
    expect(svg).toContain(`width="${pixels}" height="${pixels}" viewBox="0 0 ${code.size + 4} ${code.size + 4}"`);
    const darkCount = code.dark.flat().filter(Boolean).length;
    expect(svg.match(/h1v1h-1z/g)).toHaveLength(darkCount);
    expect(svg).toContain('M2 2h1v1h-1z'); // top-left finder corner sits inside the quiet zone
    const uri = qrSvgDataUri('http://pad-host.local:8765/#pair=secret');
    expect(uri.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(uri.slice('data:image/svg+xml;base64,'.length), 'base64').toString('utf8')).toBe(svg);
  });
});
