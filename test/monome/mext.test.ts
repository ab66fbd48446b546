import { describe, expect, it } from 'vitest';
import { ledMap, levelAll, levelMap } from '../../src/monome/mext.js';
import { MextDecoder, type MextEvent } from '../../src/monome/mext-decoder.js';
import { changedQuads } from '../../src/monome/quad-frames.js';
import { isGridPort } from '../../src/monome/grid-ports.js';
import { MextGrid } from '../hardware-mocks/mext-grid.mjs';

const decodeAll = (...chunks: number[][]) => {
  const decoder = new MextDecoder({ now: () => 0 });
  const events: MextEvent[] = [];
  for (const chunk of chunks) decoder.push(Uint8Array.from(chunk), (event) => events.push(event));
  return { events, decoder };
};

describe('mext encoding (serial.txt)', () => {
  it('a level map is 0x1A x y and 32 bytes, two levels per byte, high nibble first', () => {
    const levels = Array.from({ length: 64 }, (_, i) => i % 16);
    const message = levelMap(8, 0, levels);
    expect(message.length).toBe(35);
    expect([...message.subarray(0, 5)]).toEqual([0x1a, 8, 0, 0x01, 0x23]);
    expect(message[34]).toBe(0xef);
  });

  it('the on/off map is 0x14 x y and one bitmask per row, bit 0 the left column', () => {
    const levels = new Array<number>(64).fill(0);
    levels[0] = 5;
    levels[7 * 8 + 7] = 15;
    expect([...ledMap(0, 8, levels)]).toEqual([0x14, 0, 8, 1, 0, 0, 0, 0, 0, 0, 0x80]);
  });

  it('refuses levels above 15 and quad offsets that are not multiples of 8', () => {
    expect(() => levelAll(16)).toThrow(RangeError);
    expect(() => levelMap(4, 0, new Array<number>(64).fill(0))).toThrow(/multiple of 8/);
    expect(() => levelMap(0, 0, new Array<number>(64).fill(16))).toThrow(/0..15/);
  });
});

describe('mext decoding', () => {
  it('reads key downs and ups (0x21/0x20 x y), the size answer (0x03 x y) and the id, across split reads', () => {
    const id = [0x01, ...Buffer.from('m1000123'), ...new Array<number>(24).fill(0)];
    const { events } = decodeAll([0x21, 3], [4, 0x20, 3, 4, 0x03, 16], [8, ...id.slice(0, 10)], id.slice(10));
    expect(events).toEqual([
      { type: 'key', x: 3, y: 4, down: true },
      { type: 'key', x: 3, y: 4, down: false },
      { type: 'size', columns: 16, rows: 8 },
      { type: 'id', id: 'm1000123' },
    ]);
  });

  it('skips bytes no known message starts with and resynchronises', () => {
    const { events, decoder } = decodeAll([0x99, 0xff, 0x21, 1, 2]);
    expect(events).toEqual([{ type: 'key', x: 1, y: 2, down: true }]);
    expect(decoder.skipped).toBe(2);
  });
});

describe('only changed quads are sent', () => {
  const size = { columns: 16, rows: 8 };

  it('everything at first, then only the quad that changed: its map, or its few changed LEDs (0x18)', () => {
    const first = new Uint8Array(128);
    expect(changedQuads(first, null, size, 'varibright').map((m) => [m[0], m[1], m[2]])).toEqual([
      [0x1a, 0, 0],
      [0x1a, 8, 0],
    ]);
    const next = Uint8Array.from(first);
    next[15] = 12; // x 15, y 0: the right quad
    expect(changedQuads(next, first, size, 'varibright').map((m) => [...m])).toEqual([[0x18, 15, 0, 12]]);
    expect(changedQuads(next, next, size, 'varibright')).toEqual([]);
    const many = Uint8Array.from(first);
    for (let x = 0; x < 8; x += 1) many[16 + x] = many[32 + x] = 3; // 16 LEDs of the left quad
    expect(changedQuads(many, first, size, 'varibright').map((m) => [m[0], m[1], m[2]])).toEqual([[0x1a, 0, 0]]);
    expect(changedQuads(next, first, size, 'monobright').map((m) => [m[0], m[1], m[2]])).toEqual([[0x14, 8, 0]]);
  });

  it('a grid mock applies them: varibright keeps levels, monobright lights on/off and refuses level commands', () => {
    const levels = new Uint8Array(128);
    levels[1 * 16 + 9] = 7;
    const vari = new MextGrid();
    for (const message of changedQuads(levels, null, size, 'varibright')) vari.receive(message);
    expect(vari.level(9, 1)).toBe(7);
    const mono = new MextGrid({ varibright: false });
    for (const message of changedQuads(levels, null, size, 'monobright')) mono.receive(message);
    expect([mono.level(9, 1), mono.level(8, 1), mono.errors]).toEqual([1, 0, []]);
    mono.receive(levelAll(0));
    expect(mono.errors).toEqual(['a monobright grid has no levels (use 0x10-0x14) in 19 00']);
  });

  it('the grid mock rejects malformed commands and answers the identifying queries', () => {
    const grid = new MextGrid({ columns: 8, rows: 8, id: 'm64' });
    expect([...grid.receive(Uint8Array.of(0x05))]).toEqual([0x03, 8, 8]);
    grid.receive(Uint8Array.of(0x1a, 8, 0, ...new Array<number>(32).fill(0)));
    grid.receive(Uint8Array.of(0x77));
    grid.receive(Uint8Array.of(0x18, 0, 0, 16));
    expect(grid.errors).toHaveLength(3);
    expect(grid.errors[1]).toBe('unknown command 0x77');
  });
});

describe('grid discovery (libmonome devices.h: mext serials are m + digits)', () => {
  it('matches FTDI 0403:6001 and "monome" USB devices with a mext serial, nothing else', () => {
    expect(isGridPort({ path: '/dev/ttyUSB0', vendorId: 0x0403, productId: 0x6001, serialNumber: 'm1000123' })).toBe(true);
    expect(isGridPort({ path: '/dev/ttyACM0', vendorId: 0x2e8a, productId: 0x000a, manufacturer: 'monome', serialNumber: 'm4216126' })).toBe(true);
    expect(isGridPort({ path: '/dev/ttyUSB1', vendorId: 0x0403, productId: 0x6001, serialNumber: 'A50285BI' })).toBe(false);
    expect(isGridPort({ path: '/dev/ttyUSB2', vendorId: 0x0403, productId: 0x6001, serialNumber: 'm128-042' })).toBe(false);
    expect(isGridPort({ path: '/dev/ttyACM1', manufacturer: 'Arduino', serialNumber: 'm1' })).toBe(false);
  });
});
