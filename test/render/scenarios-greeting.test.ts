import { describe, expect, it } from 'vitest';
import { greetingDuration, greetingScroll } from '../../src/render/index.js';
import { GREETING_GLYPHS, glyphColumns, textColumns } from '../../src/visual-protocol/index.js';
import { channelWrites, mockSurface, PRO_MK1, variantProfile, view } from './helpers.js';

/**
 * The §8.1 font table written out in hex, as midi-rendering.md prints it:
 * char → five column values, independent of the renderer's own table.
 */
const SPEC_FONT_TABLE: readonly (readonly [string, string])[] = [
  ['A', '3F 48 48 48 3F'],
  ['B', '7F 49 49 49 36'],
  ['C', '3E 41 41 41 41'],
  ['D', '7F 41 41 41 3E'],
  ['E', '7F 49 49 49 41'],
  ['F', '7F 48 48 48 40'],
  ['G', '3E 41 49 49 4E'],
  ['H', '7F 08 08 08 7F'],
  ['I', '41 41 7F 41 41'],
  ['J', '06 01 41 7E 40'],
  ['K', '7F 08 14 22 41'],
  ['L', '7F 01 01 01 01'],
  ['M', '7F 20 18 20 7F'],
  ['N', '7F 20 10 08 7F'],
  ['O', '3E 41 41 41 3E'],
  ['P', '7F 48 48 48 30'],
  ['Q', '3E 41 45 42 3D'],
  ['R', '7F 48 4C 4A 31'],
  ['S', '31 49 49 49 46'],
  ['T', '40 40 7F 40 40'],
  ['U', '7E 01 01 01 7E'],
  ['V', '7C 02 01 02 7C'],
  ['W', '7E 01 0E 01 7E'],
  ['X', '41 14 08 14 41'],
  ['Y', '60 10 0F 10 60'],
  ['Z', '43 45 49 51 61'],
  [' ', '00 00 00 00 00'],
  ['-', '08 08 08 08 08'],
];

function specFont(): Map<string, number[]> {
  return new Map(SPEC_FONT_TABLE.map(([char, hex]) => [char, hex.split(' ').map((byte) => Number.parseInt(byte, 16))]));
}

const pad = (x: number, y: number) => 10 * (8 - y) + x + 1;

describe('midi-rendering.md §16', () => {
  it('scenario 16: "I" yields 6 columns, first non-zero and last zero', () => {
    const columns = [...textColumns('I')];
    expect(columns).toEqual([0x41, 0x41, 0x7f, 0x41, 0x41, 0x00]);
    expect(columns[0]).not.toBe(0);
    expect(columns.at(-1)).toBe(0);
  });

  it('scenario 16: the column table of all 28 glyphs matches §8.1', () => {
    const font = specFont();
    expect(font.size).toBe(28);
    expect([...GREETING_GLYPHS].sort()).toEqual([...font.keys()].sort());
    for (const [char, columns] of font) expect([...glyphColumns(char)], char).toEqual(columns);
  });

  it('scenario 16: unknown characters render blank and lower-case input is upper-cased', () => {
    expect([...textColumns('7!?é')]).toEqual(new Array(24).fill(0));
    expect([...textColumns('hello codex')]).toEqual([...textColumns('HELLO CODEX')]);
    expect(textColumns('HELLO FROM CODEX CLI')).toHaveLength(120);
  });

  it('scenario 17: the default greeting lasts 10.32 s at 0.08 s, and 0 when disabled or without text_scroll', () => {
    expect(greetingScroll('HELLO FROM CODEX CLI', true)?.frameCount).toBe(129);
    expect(greetingDuration('HELLO FROM CODEX CLI', true, 0.08)).toBeCloseTo(10.32, 10);
    expect(greetingDuration(null, true, 0.08)).toBe(0);
    expect(greetingDuration('', true, 0.08)).toBe(0);
    expect(greetingDuration('HELLO FROM CODEX CLI', false, 0.08)).toBe(0);
    expect(mockSurface(PRO_MK1, { greeting: undefined }).surface.startupGreetingDuration).toBeCloseTo(10.32, 10);
    expect(mockSurface(PRO_MK1, { greeting: null }).surface.startupGreetingDuration).toBe(0);
    const noScroll = variantProfile(PRO_MK1, (doc) => {
      doc.capabilities.text_scroll = false;
    });
    expect(mockSurface(noScroll, { greeting: 'HELLO' }).surface.startupGreetingDuration).toBe(0);
  });

  it('scenario 17: the sleeper is called once per frame (129 times) with the delay', async () => {
    const sleeps: number[] = [];
    const { surface } = mockSurface(PRO_MK1, { greeting: undefined, sleep: async (s) => void sleeps.push(s) });
    surface.initialize();
    await surface.greetingFinished();
    expect(sleeps).toHaveLength(129);
    expect(sleeps.every((s) => s === 0.08)).toBe(true);
  });

  it('scenario 17: without text_scroll the greeting is skipped and initialize() sends only startup and clear', async () => {
    const profile = variantProfile(PRO_MK1, (doc) => {
      doc.capabilities.text_scroll = false;
    });
    const sleeps: number[] = [];
    const { surface, output } = mockSurface(profile, { greeting: 'HELLO', sleep: async (s) => void sleeps.push(s) });
    surface.initialize();
    await surface.greetingFinished();
    expect(sleeps).toHaveLength(0);
    expect(output.sent).toHaveLength(82);
  });

  it('scenario 18: greeting frames never light row 0, use state:success:primary and end with a forced clear', async () => {
    const frameEnds: number[] = [];
    const { surface, output } = mockSurface(PRO_MK1, {
      greeting: 'HI',
      greetingDelaySeconds: 0.5,
      sleep: async () => void frameEnds.push(output.sent.length),
    });
    surface.initialize();
    await surface.greetingFinished();
    const scroll = greetingScroll('HI', true)!;
    expect(frameEnds).toHaveLength(scroll.frameCount);
    const greetingWrites = channelWrites(output.sent.slice(82, frameEnds.at(-1)));
    const lit = greetingWrites.filter((w) => w.value !== 0);
    expect(lit.length).toBeGreaterThan(0);
    expect(lit.every((w) => w.kind === 'note' && w.value === 21)).toBe(true);
    expect(lit.some((w) => w.number >= 81 && w.number <= 88)).toBe(false);
    // The pads shown after each frame are exactly that frame's window of the strip.
    const shown = new Map<number, number>();
    let read = 82;
    for (let offset = 0; offset < scroll.frameCount; offset += 1) {
      for (const w of channelWrites(output.sent.slice(read, frameEnds[offset]))) shown.set(w.number, w.value);
      read = frameEnds[offset]!;
      for (let y = 0; y < 8; y += 1) {
        for (let x = 0; x < 8; x += 1) {
          const on = y >= 1 && (scroll.strip[offset + x]! & (1 << (7 - y))) !== 0;
          expect(shown.get(pad(x, y)) ?? 0, `frame ${offset} pad (${x},${y})`).toBe(on ? 21 : 0);
        }
      }
      if (offset === 8) {
        // "H" has just fully entered: its first column (0x7F) fills grid column 0, rows 1-7.
        expect([71, 61, 51, 41, 31, 21, 11].map((note) => shown.get(note))).toEqual(new Array(7).fill(21));
        expect(shown.get(81) ?? 0).toBe(0);
      }
    }
    const closing = channelWrites(output.sent.slice(frameEnds.at(-1)));
    expect(closing).toHaveLength(80);
    expect(closing.every((w) => w.value === 0)).toBe(true);
    expect(new Set(closing.map((w) => `${w.kind} ${w.number}`)).size).toBe(80);
  });

  it('scenario 18: a view rendered during the greeting is held (latest wins) and drawn after the closing clear', async () => {
    const { surface, output } = mockSurface(PRO_MK1, {
      greeting: 'I',
      sleep: () => new Promise<void>((resolve) => setImmediate(resolve)),
    });
    surface.initialize();
    const afterFirstFrame = output.sent.length;
    surface.render(view({ selectedState: 'error' }));
    surface.render(view({ selectedState: 'success' }));
    expect(output.sent).toHaveLength(afterFirstFrame);
    await surface.greetingFinished();
    const tail = channelWrites(output.sent.slice(-9));
    expect(tail.every((w) => w.value === 21)).toBe(true);
    const clear = channelWrites(output.sent.slice(-89, -9));
    expect(clear.every((w) => w.value === 0)).toBe(true);
    expect(new Set(clear.map((w) => `${w.kind} ${w.number}`)).size).toBe(80);
    expect(channelWrites(output.sent).some((w) => w.value === 5)).toBe(false);
  });

  it('scenario 18: close() during the greeting stops it after the current frame', async () => {
    let release: () => void = () => {};
    const { surface, output } = mockSurface(PRO_MK1, {
      greeting: 'HELLO',
      sleep: () => new Promise<void>((resolve) => (release = resolve)),
    });
    surface.initialize();
    surface.close();
    const count = output.sent.length;
    release();
    await surface.greetingFinished();
    expect(output.sent).toHaveLength(count);
    expect(output.isOpen()).toBe(false);
  });
});
