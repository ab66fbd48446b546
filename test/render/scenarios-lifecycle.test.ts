import { describe, expect, it } from 'vitest';
import { GLYPHS } from '../../src/visual-protocol/index.js';
import { channelWrites, emptyView, hexFrom, MINI_MK3, mockSurface, PRO_MK1, referenceMiniMk3, variantProfile, view } from './helpers.js';

const pad = (x: number, y: number) => 10 * (8 - y) + x + 1;
const GRID_NOTES = Array.from({ length: 64 }, (_, i) => pad(i % 8, Math.floor(i / 8)));
const TOP_CCS = [91, 92, 93, 94, 95, 96, 97, 98];
const RIGHT_CCS = [89, 79, 69, 59, 49, 39, 29, 19];
const CLEAR_ADDRESSES = [...GRID_NOTES.map((n) => `note ${n}`), ...[...TOP_CCS, ...RIGHT_CCS].map((n) => `cc ${n}`)].sort();

const addressesOf = (writes: ReturnType<typeof channelWrites>) => writes.map((w) => `${w.kind} ${w.number}`).sort();

describe('midi-rendering.md §16', () => {
  it('scenario 1: Pro Mk1 initialize() sends the two startup SysEx first and 82 messages without greeting', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.initialize();
    expect(hexFrom(output.sent).slice(0, 2)).toEqual(['F0 00 20 29 02 10 21 01 F7', 'F0 00 20 29 02 10 2C 03 F7']);
    expect(output.sent).toHaveLength(82);
    const clear = channelWrites(output.sent.slice(2));
    expect(clear.every((w) => w.value === 0 && w.channel === 0)).toBe(true);
    expect(addressesOf(clear)).toEqual(CLEAR_ADDRESSES);
  });

  it('scenario 2: Pro Mk1 close() ends with the Live-layout and Live-mode SysEx', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.initialize();
    output.clearSent();
    surface.close();
    const sent = hexFrom(output.sent);
    expect(sent.slice(-2)).toEqual(['F0 00 20 29 02 10 22 00 F7', 'F0 00 20 29 02 10 21 00 F7']);
    expect(addressesOf(channelWrites(output.sent.slice(0, -2)))).toEqual(CLEAR_ADDRESSES);
  });

  it('scenario 3: Mini Mk3 close() sends 80 forced writes then the Live-mode SysEx and closes both ports', () => {
    const { surface, output, input } = mockSurface(referenceMiniMk3());
    surface.close();
    expect(output.sent).toHaveLength(81);
    expect(hexFrom(output.sent).at(-1)).toBe('F0 00 20 29 02 0D 0E 00 F7');
    expect(addressesOf(channelWrites(output.sent.slice(0, 80)))).toEqual(CLEAR_ADDRESSES);
    expect(output.isOpen()).toBe(false);
    expect(input.isOpen()).toBe(false);
  });

  it('scenario 4: close() twice sends nothing the second time', () => {
    const { surface, output } = mockSurface(MINI_MK3);
    surface.initialize();
    surface.close();
    const count = output.sent.length;
    expect(() => surface.close()).not.toThrow();
    expect(output.sent).toHaveLength(count);
  });

  it('scenario 26: clear() with empty messages.clear writes off to the 80 distinct addresses; unforced after a clear sends none', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.render(view({ selectedState: 'error' }));
    output.clearSent();
    surface.clear(true);
    const writes = channelWrites(output.sent);
    expect(output.sent).toHaveLength(80);
    expect(writes.every((w) => w.value === 0)).toBe(true);
    expect(addressesOf(writes)).toEqual(CLEAR_ADDRESSES);
    output.clearSent();
    surface.clear();
    expect(output.sent).toHaveLength(0);
  });

  it('scenario 26: an unforced clear sends off only where the cached value is not off', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.initialize();
    surface.render(view({ selectedState: 'success' }));
    output.clearSent();
    surface.clear();
    const glyphNotes = GLYPHS.success.map(([x, y]) => `note ${pad(x, y)}`).sort();
    const writes = channelWrites(output.sent);
    expect(writes.every((w) => w.value === 0)).toBe(true);
    expect(addressesOf(writes)).toEqual(glyphNotes);
  });

  it('scenario 27: clear() with non-empty messages.clear sends exactly those commands, then a render resends every light', () => {
    const profile = variantProfile(PRO_MK1, (doc) => {
      doc.messages.clear = [{ type: 'sysex', data: [0, 32, 41, 2, 16, 14, 0] }];
    });
    const { surface, output } = mockSurface(profile);
    surface.initialize();
    expect(hexFrom(output.sent)).toEqual(['F0 00 20 29 02 10 21 01 F7', 'F0 00 20 29 02 10 2C 03 F7', 'F0 00 20 29 02 10 0E 00 F7']);
    output.clearSent();
    surface.render(emptyView());
    expect(output.sent).toHaveLength(77);
    output.clearSent();
    surface.clear();
    expect(hexFrom(output.sent)).toEqual(['F0 00 20 29 02 10 0E 00 F7']);
    output.clearSent();
    surface.render(emptyView());
    expect(output.sent).toHaveLength(77);
  });
});
