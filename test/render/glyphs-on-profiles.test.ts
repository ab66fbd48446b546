import { describe, expect, it } from 'vitest';
import { AGENT_STATES } from '../../src/domain/index.js';
import { GLYPHS } from '../../src/visual-protocol/index.js';
import { builtinProfile, builtinProfileIds, channelWrites, mockSurface, paletteWrites, view } from './helpers.js';

describe('state glyphs on every built-in profile', () => {
  const ids = builtinProfileIds();

  it('finds the built-in profiles', () => {
    expect(ids).toEqual(expect.arrayContaining(['novation/launchpad/pro-mk1', 'novation/launchpad/mini-mk3', 'novation/launchpad/pro-mk3']));
  });

  for (const id of ids) {
    it(`${id}: each state lights exactly its glyph pads, through the grid map, in its primary colour`, () => {
      const profile = builtinProfile(id);
      const { kind, channel, rows } = profile.grid;
      const region = profile.surface.state_region;
      const off = profile.palette.off;
      for (const state of AGENT_STATES) {
        const primary = profile.palette.states[state].primary;
        expect(primary, `${id} ${state} primary differs from off`).not.toBe(off);
        const { surface, output } = mockSurface(profile);
        surface.initialize();
        output.clearSent();
        surface.render(view({ selectedState: state }));
        const expected = GLYPHS[state].map(([x, y]) => rows[region.y + y]![region.x + x]!).sort((a, b) => a - b);
        const writes = paletteWrites(profile, output.sent);
        expect(
          writes.every((w) => w.value === primary),
          `${id} ${state} colour`,
        ).toBe(true);
        expect(
          writes.map((w) => w.number).sort((a, b) => a - b),
          `${id} ${state} pads`,
        ).toEqual(expected);
        // One message per pad addresses it as the grid does; batched SysEx addresses LEDs by number.
        const perLight = channelWrites(output.sent);
        expect(
          perLight.every((w) => w.kind === kind && w.channel === channel),
          `${id} ${state} grid address`,
        ).toBe(true);
        expect(perLight.length === 0 || perLight.length === writes.length, `${id} ${state} one path`).toBe(true);
      }
    });
  }
});
