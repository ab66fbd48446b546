import { describe, expect, it } from 'vitest';
import type { ShowFrame } from '../../src/domain/index.js';
import { RenderError } from '../../src/render/index.js';
import { channelWrites, color, emptyView, hexFrom, MINI_MK3, referenceMiniMk3, mockSurface, PRO_MK1, uniformShow, variantProfile, view } from './helpers.js';

const PREFIX = [0x00, 0x20, 0x29, 0x02, 0x10, 0x0b];
const AMBER = color('accent:orange:selected', [255, 128, 0]);
const BLACK = color('off', [0, 0, 0]);
const TOP_CCS = [91, 92, 93, 94, 95, 96, 97, 98];
const RIGHT_CCS = [89, 79, 69, 59, 49, 39, 29, 19];
const pad = (x: number, y: number) => 10 * (8 - y) + x + 1;

/** The (number, R, G, B) groups of RGB SysEx messages, checking the prefix and framing. */
function groupsOf(message: Uint8Array): number[][] {
  expect(message[0]).toBe(0xf0);
  expect(message.at(-1)).toBe(0xf7);
  expect([...message.subarray(1, 1 + PREFIX.length)]).toEqual(PREFIX);
  const data = [...message.subarray(1 + PREFIX.length, -1)];
  expect(data.length % 4).toBe(0);
  return Array.from({ length: data.length / 4 }, (_, i) => data.slice(i * 4, i * 4 + 4));
}

function withGridColor(frame: ShowFrame, x: number, y: number, rgb: readonly number[]): ShowFrame {
  const grid = frame.grid.map((row, rowY) => row.map((c, colX) => (rowY === y && colX === x ? color(c.fallback, rgb) : c)));
  return { ...frame, grid };
}

describe('midi-rendering.md §16', () => {
  it('scenario 19: a uniform palette Show on Mini Mk3 writes 80 lights, then nothing when repeated', () => {
    const { surface, output } = mockSurface(referenceMiniMk3());
    surface.initialize();
    output.clearSent();
    const frame = uniformShow(
      color('accent:cyan:selected', [0, 174, 187]),
      color('accent:orange:selected', [230, 126, 34]),
      color('accent:magenta:selected', [200, 62, 201]),
    );
    surface.renderShowFrame(frame);
    const writes = channelWrites(output.sent);
    expect(writes).toHaveLength(80);
    const notes = writes.filter((w) => w.kind === 'note');
    expect(notes).toHaveLength(64);
    expect(notes.every((w) => w.value === 37)).toBe(true);
    const ccs = writes.filter((w) => w.kind === 'cc');
    expect(ccs.map((w) => w.number)).toEqual([...TOP_CCS, ...RIGHT_CCS]);
    expect(hexFrom(output.sent)).toContain('B0 5D 09'); // CC 93 = orange selected
    expect(hexFrom(output.sent)).toContain('B0 4F 35'); // CC 79 = magenta selected
    output.clearSent();
    surface.renderShowFrame(frame);
    expect(output.sent).toHaveLength(0);
  });

  it('scenario 20: an all-amber RGB Show on Pro Mk1 is exactly 2 SysEx messages, then nothing when repeated', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.initialize();
    output.clearSent();
    surface.renderShowFrame(uniformShow(AMBER));
    expect(output.sent).toHaveLength(2);
    const [first, second] = output.sent as [Uint8Array, Uint8Array];
    expect(first.length).toBe(6 + 78 * 4 + 2);
    expect(second.length).toBe(6 + 2 * 4 + 2);
    const groups = [...groupsOf(first), ...groupsOf(second)];
    expect(groups[0]).toEqual([81, 63, 32, 0]);
    expect(groupsOf(second)).toEqual([
      [29, 63, 32, 0],
      [19, 63, 32, 0],
    ]);
    const numbers = groups.map((g) => g[0]);
    expect(numbers).toEqual([...Array.from({ length: 64 }, (_, i) => pad(i % 8, Math.floor(i / 8))), ...TOP_CCS, ...RIGHT_CCS]);
    output.clearSent();
    surface.renderShowFrame(uniformShow(AMBER));
    expect(output.sent).toHaveLength(0);
  });

  it('scenario 21: channels scale as round(c × 63 / 255); same-native changes send nothing; one LED sends one group', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.renderShowFrame(uniformShow(color('off', [0, 1, 128])));
    expect(groupsOf(output.sent[0]!)[0]).toEqual([81, 0, 0, 32]);
    output.clearSent();
    surface.renderShowFrame(uniformShow(color('off', [254, 255, 128])));
    expect(groupsOf(output.sent[0]!)[0]).toEqual([81, 63, 63, 32]);
    output.clearSent();
    surface.renderShowFrame(uniformShow(BLACK));
    output.clearSent();
    surface.renderShowFrame(uniformShow(color('off', [1, 1, 1])));
    expect(output.sent).toHaveLength(0);
    surface.renderShowFrame(withGridColor(uniformShow(color('off', [1, 1, 1])), 4, 3, [255, 0, 255]));
    expect(output.sent).toHaveLength(1);
    expect(groupsOf(output.sent[0]!)).toEqual([[pad(4, 3), 63, 0, 63]]);
  });

  it('scenario 22: batching splits 80 changes into 8 messages of 10 and 23 changes into 10, 10, 3', () => {
    const profile = variantProfile(PRO_MK1, (doc) => {
      doc.capabilities.show_rgb.batch_size = 10;
    });
    const { surface, output } = mockSurface(profile);
    surface.renderShowFrame(uniformShow(AMBER));
    expect(output.sent.map((m) => groupsOf(m).length)).toEqual([10, 10, 10, 10, 10, 10, 10, 10]);
    output.clearSent();
    let frame = uniformShow(AMBER);
    for (let i = 0; i < 23; i += 1) frame = withGridColor(frame, i % 8, Math.floor(i / 8), [0, 0, 255]);
    surface.renderShowFrame(frame);
    expect(output.sent.map((m) => groupsOf(m).length)).toEqual([10, 10, 3]);
  });

  it('scenario 23: a Show frame of the wrong shape is a value error and sends nothing', () => {
    const good = uniformShow(AMBER);
    const badFrames: ShowFrame[] = [
      { ...good, grid: good.grid.slice(0, 7) },
      { ...good, grid: [[...good.grid[0]!, AMBER], ...good.grid.slice(1)] },
      { ...good, top: good.top.slice(0, 7) },
      { ...good, right: [...good.right, AMBER] },
    ];
    for (const id of [PRO_MK1, MINI_MK3]) {
      const { surface, output } = mockSurface(id);
      for (const frame of badFrames) {
        expect(() => surface.renderShowFrame(frame)).toThrow(RenderError);
        expect(() => surface.renderShowFrame(frame)).toThrow("show frame does not match the profile's 8x8 plus rails");
      }
      expect(output.sent).toHaveLength(0);
    }
  });

  it('scenario 24: leaving an RGB Show darkens both rails and repaints canvas and statuses: 80 messages', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.initialize();
    surface.renderShowFrame(uniformShow(AMBER));
    output.clearSent();
    surface.render(emptyView());
    expect(output.sent).toHaveLength(80);
    const writes = channelWrites(output.sent);
    expect(writes.slice(0, 16).map((w) => [w.kind, w.number, w.value])).toEqual([...TOP_CCS, ...RIGHT_CCS].map((cc) => ['cc', cc, 0]));
    const grid = writes.slice(16, 72);
    expect(grid.every((w) => w.kind === 'note')).toBe(true);
    expect(grid.filter((w) => w.value === 1).map((w) => w.number)).toEqual([43, 44, 45]);
    expect(writes.slice(72).map((w) => w.number)).toEqual([88, 78, 68, 58, 48, 38, 28, 18]);
  });

  it('scenario 25: leaving a palette Show darkens only the rail lights that differ, then the frame re-lights its controls', () => {
    const { surface, output } = mockSurface(referenceMiniMk3());
    surface.initialize();
    const orange = color('accent:orange:selected', [230, 126, 34]);
    const magenta = color('accent:magenta:selected', [200, 62, 201]);
    const base = uniformShow(color('accent:cyan:selected', [0, 174, 187]), BLACK, BLACK);
    surface.renderShowFrame({
      ...base,
      top: base.top.map((c, i) => (i === 2 ? orange : c)),
      right: base.right.map((c, i) => (i === 0 ? magenta : c)),
    });
    output.clearSent();
    surface.render(
      view({
        selectedState: 'waiting_for_approval',
        sessions: [{ slot: 0, state: 'waiting_for_approval', selected: true, accent: 'cyan' }],
        availableActions: ['approve'],
        overflowCount: 1,
      }),
    );
    const rails = channelWrites(output.sent).filter((w) => w.kind === 'cc');
    expect(rails.map((w) => [w.number, w.value])).toEqual([
      [93, 0],
      [89, 0],
      [89, 37],
      [91, 21],
      [95, 9],
    ]);
    expect(output.sent).toHaveLength(2 + 56 + 1 + 8 + 1 + 1);
  });

  it('scenario 36: clear() ends Show mode, so the next render needs no rail-darkening step', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    surface.initialize();
    surface.renderShowFrame(uniformShow(AMBER));
    output.clearSent();
    surface.clear();
    expect(output.sent).toHaveLength(80); // the RGB Show emptied the palette cache
    output.clearSent();
    surface.render(emptyView());
    expect(hexFrom(output.sent)).toEqual(['90 2B 01', '90 2C 01', '90 2D 01']);
  });
});
