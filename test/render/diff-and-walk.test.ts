import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_STATES, CONTROL_ACTIONS, IDENTITY_ACCENTS, type ShowFrame, type SurfaceView } from '../../src/domain/index.js';
import type { DeviceProfile } from '../../src/profiles/device-profile.js';
import { rgbLayout, type RgbGroupItem } from '../../src/profiles/rgb-layout.js';
import { color, MINI_MK3, mockSurface, paletteWrites, PRO_MK1, seededRandom, sysexGroups, view } from './helpers.js';

const STATE_OPTIONS = [null, ...AGENT_STATES] as const;

function randomView(random: () => number): SurfaceView {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const sessions = Array.from({ length: Math.floor(random() * 10) }, () => ({
    slot: Math.floor(random() * 9), // 8 is outside the 8 slots and must be skipped
    state: pick(AGENT_STATES),
    selected: random() < 0.3,
    accent: pick(IDENTITY_ACCENTS),
  }));
  return view({
    selectedState: pick(STATE_OPTIONS),
    frame: Math.floor(random() * 6),
    sessions,
    availableActions: CONTROL_ACTIONS.filter(() => random() < 0.3),
    overflowCount: random() < 0.2 ? 1 + Math.floor(random() * 3) : 0,
    activityMotion: random() < 0.5,
  });
}

const SHOW_TOKENS = ['off', 'state:running:primary', 'state:success:summary', 'accent:cyan:selected', 'accent:rose:unselected'];

function randomShow(random: () => number): ShowFrame {
  const light = () =>
    color(
      SHOW_TOKENS[Math.floor(random() * SHOW_TOKENS.length)]!,
      [0, 1, 2].map(() => Math.floor(random() * 256)),
    );
  return {
    grid: Array.from({ length: 8 }, () => Array.from({ length: 8 }, light)),
    top: Array.from({ length: 8 }, light),
    right: Array.from({ length: 8 }, light),
  };
}

/** How a profile's RGB SysEx is laid out: its prefix and one group's bytes (see rgbLayout). */
type RgbModel = { readonly prefix: readonly number[]; readonly group: readonly RgbGroupItem[] } | null;

/**
 * A model Launchpad: what each LED shows after the given bytes. Palette writes
 * (one message each, or batched palette SysEx) and RGB SysEx groups all address
 * LEDs by number (all lights of these profiles are on channel 0 and note and CC
 * numbers do not overlap); mode SysEx is ignored.
 */
function ledState(profile: DeviceProfile, messages: readonly Uint8Array[], rgb: RgbModel): Map<number, string> {
  const leds = new Map<number, string>();
  for (const message of messages) {
    const status = message[0]!;
    if (status === 0x90 || status === 0xb0) {
      leds.set(message[1]!, `palette ${message[2]}`);
      continue;
    }
    expect(status).toBe(0xf0);
    for (const { number, value } of paletteWrites(profile, [message])) leds.set(number, `palette ${value}`);
    const groups = rgb === null ? null : sysexGroups(message, rgb.prefix, rgb.group);
    for (const bytes of groups ?? []) {
      const at = (name: RgbGroupItem) => bytes[rgb!.group.indexOf(name)];
      leds.set(at('led')!, `rgb ${at('r')} ${at('g')} ${at('b')}`);
    }
  }
  return leds;
}

describe('diffing against the last values sent', () => {
  it('rendering any view twice sends nothing the second time', () => {
    const { surface, output } = mockSurface(PRO_MK1);
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const next = randomView(seededRandom(seed));
        surface.render(next);
        output.clearSent();
        surface.render(next);
        return output.sent.length === 0;
      }),
      { seed: 20240611, numRuns: 300 },
    );
  });

  for (const id of [PRO_MK1, MINI_MK3]) {
    it(`${id}: after a seeded walk of 10,000 views (with Shows and clears), the LEDs equal a fresh device's full render of the last view`, () => {
      const random = seededRandom(0x5eed + id.length);
      const walked = mockSurface(id);
      const capability = walked.profile.capabilities.show_rgb;
      const rgb = capability === undefined ? null : { prefix: capability.sysex_prefix, group: rgbLayout(capability).group };
      walked.surface.initialize();
      let last = randomView(random);
      let views = 0;
      while (views < 10_000) {
        const roll = random();
        if (roll < 0.03) walked.surface.renderShowFrame(randomShow(random));
        else if (roll < 0.04) walked.surface.clear(random() < 0.5);
        else {
          last = randomView(random);
          walked.surface.render(last);
          views += 1;
        }
      }
      const fresh = mockSurface(id);
      fresh.surface.initialize();
      fresh.surface.render(last);
      const expected = ledState(fresh.profile, fresh.output.sent, rgb);
      expect(expected.size).toBe(80);
      expect(ledState(walked.profile, walked.output.sent, rgb)).toEqual(expected);
    });
  }
});
