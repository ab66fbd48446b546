import { describe, expect, it } from 'vitest';
import { AGENT_STATES, CONTROL_ACTIONS, IDENTITY_ACCENTS } from '../../src/domain/index.js';
import { greetingScroll } from '../../src/render/greeting-scroll.js';
import { PaletteGridRenderer } from '../../src/render/index.js';
import { color, emptyView, hexFrom, mockSurface, paletteWrites, PRO_MK1, uniformShow, variantProfile, view } from './helpers.js';

const X = 'novation/launchpad/x';
const MK2 = 'novation/launchpad/mk2';

/**
 * The Launchpad Pro Mk1 with the batched palette message its Programmer's
 * Reference Guide 1.01 documents (p. 20): F0 00 20 29 02 10 0A (<LED> <Colour>)… F7,
 * "pairs may be repeated up to 97 times in the message". The built-in profile
 * keeps one message per light, the bytes its hardware test passed with.
 */
const batchedProMk1 = (batchSize = 97) =>
  variantProfile(PRO_MK1, (doc) => (doc['capabilities']['palette_sysex'] = { sysex_prefix: [0, 32, 41, 2, 16, 10], batch_size: batchSize }));

const busyView = view({
  selectedState: 'waiting_for_approval',
  sessions: IDENTITY_ACCENTS.map((accent, slot) => ({ slot, accent, state: AGENT_STATES[slot % AGENT_STATES.length]!, selected: slot === 0 })),
  availableActions: [...CONTROL_ACTIONS],
  overflowCount: 1,
});

const AMBER = color('state:waiting_for_approval:primary', [255, 128, 0]);

describe('batched palette SysEx (capabilities.palette_sysex)', () => {
  it('Launchpad Pro Mk1 0Ah: a cold full frame is one message of documented pairs, the same lights and values as one message each', () => {
    const batched = mockSurface(batchedProMk1());
    batched.surface.render(busyView);
    expect(batched.output.sent).toHaveLength(1);
    const message = batched.output.sent[0]!;
    expect(hexFrom([message.subarray(0, 7)])).toEqual(['F0 00 20 29 02 10 0A']);
    expect(message.at(-1)).toBe(0xf7);
    expect((message.length - 8) / 2).toBe(77); // 77 pairs, within the documented 97
    const perLight = mockSurface(PRO_MK1);
    perLight.surface.render(busyView);
    // Same lights, same values, in the order one message each would send them.
    expect(paletteWrites(batched.profile, batched.output.sent)).toEqual(paletteWrites(perLight.profile, perLight.output.sent));
  });

  it('an unchanged frame sends nothing; a change sends one message with only the changed lights', () => {
    const { surface, output, profile } = mockSurface(X);
    surface.render(busyView);
    output.clearSent();
    surface.render(busyView);
    expect(output.sent).toEqual([]);
    surface.render(view({ ...busyView, selectedState: 'success' }));
    expect(output.sent).toHaveLength(1);
    const writes = paletteWrites(profile, output.sent);
    const perLight = mockSurface(variantProfile(X, (doc) => delete doc['capabilities']['palette_sysex']));
    perLight.surface.render(busyView);
    perLight.output.clearSent();
    perLight.surface.render(view({ ...busyView, selectedState: 'success' }));
    expect(writes).toEqual(paletteWrites(perLight.profile, perLight.output.sent));
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.length).toBeLessThan(77);
  });

  it('latest value wins per light within a frame: leaving a Show darkens the rails and re-lights the actions in one message, once per LED', () => {
    const { surface, output, profile } = mockSurface(X);
    surface.initialize();
    surface.renderShowFrame(uniformShow(AMBER));
    output.clearSent();
    surface.render(busyView);
    expect(output.sent).toHaveLength(1);
    const writes = paletteWrites(profile, output.sent);
    const numbers = writes.map((w) => w.number);
    expect(new Set(numbers).size).toBe(numbers.length); // no LED twice
    expect(writes.length).toBe(80); // after an RGB Show every light is repainted: canvas, statuses, both rails
    const approve = profile.surface.actions.approve!.number;
    expect(writes.find((w) => w.number === approve)?.value).toBe(profile.palette.actions.approve.enabled);
    const railOnly = 93; // a top-rail light without an operational role ends dark
    expect(writes.find((w) => w.number === railOnly)?.value).toBe(profile.palette.off);
  });

  it('a forced clear writes all 80 lights in one message even when the device already shows them dark; an unforced one writes none', () => {
    const { surface, output, profile } = mockSurface(X);
    surface.initialize();
    output.clearSent();
    surface.clear(true);
    expect(output.sent).toHaveLength(1);
    const writes = paletteWrites(profile, output.sent);
    expect(writes).toHaveLength(80);
    expect(writes.every((w) => w.value === profile.palette.off)).toBe(true);
    output.clearSent();
    surface.clear(false);
    expect(output.sent).toEqual([]);
  });

  it('more changed lights than batch_size split into several messages, in first-written order', () => {
    const { surface, output, profile } = mockSurface(batchedProMk1(10));
    surface.render(busyView);
    expect(output.sent.map((m) => (m.length - 8) / 2)).toEqual([10, 10, 10, 10, 10, 10, 10, 7]);
    const perLight = mockSurface(PRO_MK1);
    perLight.surface.render(busyView);
    expect(paletteWrites(profile, output.sent)).toEqual(paletteWrites(perLight.profile, perLight.output.sent));
  });

  it('palette Show frames and greeting frames are one message each too', () => {
    const { surface, output, profile } = mockSurface(variantProfile(MK2, (doc) => delete doc['capabilities']['show_rgb']));
    surface.renderShowFrame(uniformShow(color('accent:cyan:selected', [0, 255, 255])));
    expect(output.sent).toHaveLength(1);
    expect(hexFrom([output.sent[0]!.subarray(0, 7)])).toEqual(['F0 00 20 29 02 18 0A']);
    expect(paletteWrites(profile, output.sent)).toHaveLength(80);
    const renderer = new PaletteGridRenderer(profile, (message) => sent.push(message));
    const sent: Uint8Array[] = [];
    const scroll = greetingScroll('HI', true)!;
    for (let offset = 0; offset < scroll.frameCount; offset += 1) {
      const before = sent.length;
      renderer.renderGreetingFrame(scroll, offset);
      expect(sent.length - before).toBeLessThanOrEqual(1);
    }
    expect(sent.every((m) => m[0] === 0xf0)).toBe(true);
  });

  it('a device that fails mid-frame is repainted in full by the next frame', () => {
    const { surface, output, profile } = mockSurface(X);
    surface.render(emptyView());
    const failing = output.send.bind(output);
    let fail = true;
    output.send = (message: Uint8Array) => {
      if (fail) throw new Error('device gone');
      failing(message);
    };
    expect(() => surface.render(busyView)).toThrow('device gone');
    fail = false;
    output.clearSent();
    surface.render(busyView);
    const fresh = mockSurface(X);
    fresh.surface.render(emptyView());
    fresh.output.clearSent();
    fresh.surface.render(busyView);
    expect(paletteWrites(profile, output.sent)).toEqual(paletteWrites(fresh.profile, fresh.output.sent));
  });
});
