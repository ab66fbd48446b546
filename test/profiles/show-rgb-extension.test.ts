import { describe, expect, it } from 'vitest';
import { accepted, firstLine, issuesOf, proMk1, type Json } from './helpers.js';

/** The Pro Mk1 document with its show_rgb replaced. */
const withRgb = (showRgb: Json, edit: (doc: Json) => void = () => {}) =>
  proMk1((doc) => {
    doc.capabilities.show_rgb = showRgb;
    edit(doc);
  });

const MK3_RGB = { sysex_prefix: [0, 32, 41, 2, 12, 3], channel_max: 127, batch_size: 81, group: [3, 'led', 'r', 'g', 'b'] };
const APC_RGB = {
  sysex_prefix: [71, 127, 79, 36],
  channel_max: 255,
  batch_size: 1,
  group: ['first', 'last', 'r_hi', 'r_lo', 'g_hi', 'g_lo', 'b_hi', 'b_lo'],
  length_header: true,
  lights: 'grid',
};

describe('show_rgb extension (group, length_header, lights)', () => {
  it('Schema 1 profiles are unchanged: without the new fields the group is (led, r, g, b)', () => {
    expect(accepted(proMk1()).capabilities.show_rgb).toEqual({ sysex_prefix: [0, 32, 41, 2, 16, 11], channel_max: 63, batch_size: 78 });
  });

  it('accepts a per-LED lighting-type byte and an 8-bit, range-addressed layout', () => {
    expect(accepted(withRgb(MK3_RGB)).capabilities.show_rgb?.group).toEqual([3, 'led', 'r', 'g', 'b']);
    expect(accepted(withRgb(APC_RGB)).capabilities.show_rgb?.channel_max).toBe(255);
  });

  it('a group must address an LED (led, or first and last) and carry every channel once', () => {
    expect(issuesOf(withRgb({ ...MK3_RGB, group: ['r', 'g', 'b'] })).map((i) => i.message)).toEqual([
      'needs exactly one "led", or exactly one "first" and one "last"',
    ]);
    expect(issuesOf(withRgb({ ...MK3_RGB, group: ['led', 'first', 'last', 'r', 'g', 'b'] }))[0]?.path).toBe('capabilities.show_rgb.group');
    expect(firstLine(withRgb({ ...MK3_RGB, group: ['led', 'r', 'r_hi', 'g', 'b'] }))).toBe(
      'capabilities.show_rgb.group: needs channel r exactly once: "r", or "r_hi" and "r_lo"',
    );
    expect(firstLine(withRgb({ ...MK3_RGB, group: ['led', 'r', 'g', 'blue'] }))).toMatch(
      /^capabilities\.show_rgb\.group\[3\]: must be a byte from 0 to 127 or one of led, first/,
    );
    expect(firstLine(withRgb({ ...MK3_RGB, group: [128, 'led', 'r', 'g', 'b'] }))).toMatch(/^capabilities\.show_rgb\.group\[0\]: /);
  });

  it('channel_max above 127 needs every channel split into _hi and _lo bytes', () => {
    expect(firstLine(withRgb({ ...MK3_RGB, channel_max: 255 }))).toMatch(/^capabilities\.show_rgb\.channel_max: must be an integer from 1 to 127 /);
    expect(firstLine(withRgb({ ...APC_RGB, channel_max: 256 }))).toMatch(/^capabilities\.show_rgb\.channel_max: /);
  });

  it('lights "grid" leaves the rails to the palette, so only the 64 pad numbers must be unique', () => {
    const railOnGridNumber = (doc: Json) => (doc.surface.showcase.top[2] = { kind: 'note', number: 11, channel: 3 });
    expect(firstLine(withRgb(MK3_RGB, railOnGridNumber))).toContain('unique numeric show addresses');
    accepted(withRgb(APC_RGB, railOnGridNumber));
    expect(firstLine(withRgb({ ...APC_RGB, lights: 'rails' }))).toBe("capabilities.show_rgb.lights: must be 'show' or 'grid'");
    expect(firstLine(withRgb({ ...APC_RGB, length_header: 'yes' }))).toBe('capabilities.show_rgb.length_header: must be boolean');
  });
});
