import { describe, expect, it } from 'vitest';
import { GLYPHS } from '../../src/visual-protocol/index.js';
import { RenderError } from '../../src/render/index.js';
import { channelWrites, color, emptyView, hexFrom, referenceMiniMk3, mockSurface, PRO_MK1, uniformShow, view } from './helpers.js';

const pad = (x: number, y: number) => 10 * (8 - y) + x + 1;
const hex = (...bytes: number[]) => bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
const notesOf = (cells: readonly (readonly [number, number])[]) => cells.map(([x, y]) => pad(x, y)).sort((a, b) => a - b);
const sortedNumbers = (numbers: number[]) => [...numbers].sort((a, b) => a - b);

describe('midi-rendering.md §16', () => {
  it('scenario 5: rendering running (frame 2) lights only running-glyph pads, all on channel 0', () => {
    for (const activityMotion of [false, true]) {
      const { surface, output } = mockSurface(PRO_MK1);
      surface.render(view({ selectedState: 'running', frame: 2, activityMotion }));
      const lit = channelWrites(output.sent).filter((w) => w.kind === 'note' && w.value !== 0);
      expect(lit.every((w) => w.channel === 0)).toBe(true);
      expect(sortedNumbers(lit.map((w) => w.number))).toEqual(notesOf(GLYPHS.running));
    }
  });

  it('scenario 6: rendering an identical frame twice sends nothing the second time', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    const busy = view({
      selectedState: 'waiting_for_approval',
      sessions: [
        { slot: 0, state: 'waiting_for_approval', selected: true },
        { slot: 3, state: 'error', accent: 'orange' },
      ],
      availableActions: ['approve', 'reject'],
      overflowCount: 2,
    });
    surface.render(busy);
    expect(output.sent.length).toBeGreaterThan(0);
    output.clearSent();
    surface.render(busy);
    surface.render(view({ ...busy, availableActions: ['reject', 'approve'] }));
    expect(output.sent).toHaveLength(0);
  });

  it('scenario 7: waiting_for_reply then success sends only the changed cells', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.render(view({ selectedState: 'waiting_for_reply' }));
    const first = output.sent.length;
    output.clearSent();
    surface.render(view({ selectedState: 'success' }));
    expect(output.sent.length).toBeGreaterThan(0);
    expect(output.sent.length).toBeLessThan(first);
    const changed = new Set([...notesOf(GLYPHS.waiting_for_reply), ...notesOf(GLYPHS.success)]);
    const writes = channelWrites(output.sent);
    expect(sortedNumbers(writes.map((w) => w.number))).toEqual([...changed].sort((a, b) => a - b));
    const successNotes = new Set(notesOf(GLYPHS.success));
    for (const w of writes) expect(w.value).toBe(successNotes.has(w.number) ? 21 : 0);
  });

  it('scenario 8: a cold-cache render of waiting_for_reply sends exactly 77 messages in the specified order', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.render(view({ selectedState: 'waiting_for_reply' }));
    const glyph = new Set(notesOf(GLYPHS.waiting_for_reply));
    const expected: string[] = [];
    for (let y = 0; y < 8; y += 1) {
      for (let x = 0; x < 7; x += 1) expected.push(hex(0x90, pad(x, y), glyph.has(pad(x, y)) ? 3 : 0));
    }
    for (const cc of [89, 79, 69, 59, 49, 39, 29, 19]) expected.push(hex(0xb0, cc, 0));
    for (const note of [88, 78, 68, 58, 48, 38, 28, 18]) expected.push(hex(0x90, note, 0));
    for (const cc of [91, 92, 98, 97]) expected.push(hex(0xb0, cc, 0));
    expected.push(hex(0xb0, 95, 0));
    expect(expected).toHaveLength(77);
    expect(hexFrom(output.sent)).toEqual(expected);
  });

  it('scenario 9: after initialize(), rendering waiting_for_reply sends exactly the 14 glyph writes', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.initialize();
    output.clearSent();
    surface.render(view({ selectedState: 'waiting_for_reply' }));
    const writes = channelWrites(output.sent);
    expect(writes).toHaveLength(14);
    expect(writes.every((w) => w.kind === 'note' && w.value === 3)).toBe(true);
    expect(sortedNumbers(writes.map((w) => w.number))).toEqual(notesOf(GLYPHS.waiting_for_reply));
  });

  it('scenario 10: session accents light the Scene buttons and state summaries light the status pads', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.render(
      view({
        selectedState: 'running',
        sessions: [
          { slot: 0, state: 'running', selected: true, accent: 'cyan' },
          { slot: 1, state: 'waiting_for_approval', selected: false, accent: 'magenta' },
        ],
      }),
    );
    const sent = hexFrom(output.sent);
    expect(sent).toContain(hex(0xb0, 89, 37));
    expect(sent).toContain(hex(0xb0, 79, 55));
    expect(sent).toContain(hex(0x90, 88, 47));
    expect(sent).toContain(hex(0x90, 78, 11));
  });

  it('scenario 11: with only approve available, CC 91 is lit approve-green and CC 92 is off', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.render(view({ selectedState: 'waiting_for_approval', availableActions: ['approve'] }));
    const actions = channelWrites(output.sent).filter((w) => w.kind === 'cc' && [91, 92, 97, 98].includes(w.number));
    expect(actions.map((w) => [w.number, w.value])).toEqual([
      [91, 21],
      [92, 0],
      [98, 0],
      [97, 0],
    ]);
  });

  it('scenario 12: the notes written with velocity 21 for success are exactly the nine glyph pads', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.render(view({ selectedState: 'success' }));
    const green = channelWrites(output.sent).filter((w) => w.kind === 'note' && w.value === 21);
    expect(sortedNumbers(green.map((w) => w.number))).toEqual(notesOf(GLYPHS.success));
    expect(green).toHaveLength(9);
  });

  it('scenario 13: overflow_count 1 with no selection lights CC 95 with 9', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.initialize();
    output.clearSent();
    surface.render(view({ selectedState: null, overflowCount: 1 }));
    expect(hexFrom(output.sent)).toContain(hex(0xb0, 95, 9));
  });

  it('scenario 14: running frame 1 with motion writes the activity value exactly to notes 54 and 44', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.render(view({ selectedState: 'running', frame: 1, activityMotion: true }));
    const activity = channelWrites(output.sent).filter((w) => w.kind === 'note' && w.value === 3);
    expect(sortedNumbers(activity.map((w) => w.number))).toEqual([44, 54]);
  });

  it('scenario 15: an unknown accent name fails the render, naming the accent, and sends nothing', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.initialize();
    output.clearSent();
    const bad = view({ selectedState: 'running', sessions: [{ slot: 0, state: 'running', accent: 'chartreuse' }] });
    expect(() => surface.render(bad)).toThrow(RenderError);
    expect(() => surface.render(bad)).toThrow('novation/launchpad/pro-mk1: unknown session accent: chartreuse');
    // QUIRK choice: the frame is resolved before anything is written.
    expect(output.sent).toHaveLength(0);
  });

  it('scenario 15: an unknown palette token in a palette-path Show fallback fails the render', () => {
    const { surface, output } = mockSurface(referenceMiniMk3());
    surface.initialize();
    output.clearSent();
    const frame = uniformShow(color('off', [0, 0, 0]), color('state:bogus:primary', [1, 2, 3]));
    expect(() => surface.renderShowFrame(frame)).toThrow('novation/launchpad/mini-mk3: unknown color token: state:bogus:primary');
    expect(output.sent).toHaveLength(0);
    // The device and the cache are untouched: the next view only adds the idle dash.
    surface.render(emptyView());
    expect(channelWrites(output.sent).map((w) => w.value)).toEqual([1, 1, 1]);
  });

  it('scenario 15: the RGB path neither resolves nor validates fallback tokens', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.renderShowFrame(uniformShow(color('not-a-token', [10, 20, 30])));
    expect(output.sent.length).toBeGreaterThan(0);
  });
});
