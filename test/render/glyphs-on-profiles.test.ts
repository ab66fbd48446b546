import { describe, expect, it } from 'vitest';
import { AGENT_STATES } from '../../src/domain/index.js';
import { GLYPHS } from '../../src/visual-protocol/index.js';
import { builtinProfile, builtinProfileIds, channelWrites, mockSurface, view } from './helpers.js';

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
        const expected = GLYPHS[state].map(([x, y]) => `${kind} ${channel} ${rows[region.y + y]![region.x + x]}`).sort();
        const writes = channelWrites(output.sent);
        expect(writes.every((w) => w.value === primary), `${id} ${state} colour`).toBe(true);
        expect(writes.map((w) => `${w.kind} ${w.channel} ${w.number}`).sort(), `${id} ${state} pads`).toEqual(expected);
      }
    });
  }
});
