import { describe, expect, it } from 'vitest';
import { AGENT_STATES, PALETTE_TOKENS } from '../../src/domain/index.js';
import { deviceProfileJsonSchema, loadCatalog, matchingPorts, type DeviceProfile } from '../../src/profiles/index.js';
import { compileSchema } from './ajv.js';
import { BUILTIN_IDS, BUILTIN_ROOT, builtinJson } from './helpers.js';

const loaded = await loadCatalog({ builtinRoot: BUILTIN_ROOT });

/**
 * Channels and values a device uses for flashing, pulsing or blinking
 * (midi-rendering.md §14): Visual Protocol 1 lights are steady, so no profile may use them.
 */
const NOVATION_CHANNEL_ANIMATION = new Set([1, 2]);
const APC_GRID_ANIMATION = (channel: number) => channel >= 7;
/** Push 2: channels 1-15 start one-shot, pulsing or blinking transitions (MIDI and Display Interface Manual, LED Animation). */
const PUSH_ANIMATION = (channel: number) => channel >= 1;

function allAddresses(profile: DeviceProfile) {
  const { surface, grid } = profile;
  return [
    ...grid.rows.flat().map((number) => ({ kind: grid.kind, number, channel: grid.channel })),
    ...Object.values(surface.actions),
    ...surface.agent_selectors,
    ...surface.agent_statuses,
    ...(surface.indicators.overflow === undefined ? [] : [surface.indicators.overflow]),
    ...surface.showcase.top,
    ...surface.showcase.right,
  ];
}

describe('built-in profiles', () => {
  it('loads exactly the twelve built-ins, without problems', () => {
    expect(loaded.problems).toEqual([]);
    expect(loaded.catalog.profiles.map((p) => p.id)).toEqual(BUILTIN_IDS);
  });

  it('each lives at profiles/<manufacturer>/<family>/<model>.json', () => {
    for (const profile of loaded.catalog.profiles) {
      expect(profile.source).toBe(`${BUILTIN_ROOT}${profile.id}.json`);
    }
  });

  it('each validates against our generated JSON Schema', () => {
    const validate = compileSchema(deviceProfileJsonSchema());
    for (const id of BUILTIN_IDS) {
      expect({ id, valid: validate(builtinJson(id)), errors: validate.errors ?? null }).toEqual({ id, valid: true, errors: null });
    }
  });

  it("only the physically tested Pro Mk1 is supported; the X, Mini Mk3 and MK2 were checked against their programmer's references", () => {
    const supported = loaded.catalog.profiles.filter((p) => p.status === 'supported').map((p) => p.id);
    expect(supported).toEqual(['novation/launchpad/pro-mk1']);
    const documented = loaded.catalog.profiles.filter((p) => p.verified_against !== undefined).map((p) => p.id);
    expect(documented).toEqual(['novation/launchpad/mini-mk3', 'novation/launchpad/mk2', 'novation/launchpad/x']);
    for (const id of documented) expect(loaded.catalog.get(id).status).toBe('experimental');
  });

  it("each keeps Visual Protocol 1's roles: 7x8 canvas at the left, statuses in grid column 7, 8 slots, 4 actions, overflow", () => {
    for (const profile of loaded.catalog.profiles) {
      expect(profile.surface.state_region).toEqual({ x: 0, y: 0, width: 7, height: 8 });
      expect(profile.lookup.selectorCount).toBe(8);
      expect(profile.lookup.accentNames).toEqual(['cyan', 'magenta', 'lime', 'orange', 'violet', 'teal', 'rose', 'sky']);
      profile.surface.agent_statuses.forEach((status, slot) => {
        expect(profile.lookup.roles.get(`${status.kind}:${status.channel}:${status.number}`)).toContainEqual({ role: 'grid', x: 7, y: slot });
      });
      expect(Object.keys(profile.surface.actions).sort()).toEqual(['approve', 'reject', 'retry', 'stop']);
      expect(profile.surface.indicators.overflow).toBeDefined();
      expect([...profile.lookup.colors.keys()]).toEqual(PALETTE_TOKENS);
      expect(profile.lookup.conformance.has('core-state')).toBe(true);
    }
  });

  it('the glyph hues of the seven states are distinct on every device with more than three colours', () => {
    // The APC mini (mk1) pads show only green, red and yellow: its states differ by glyph shape.
    for (const profile of loaded.catalog.profiles.filter((p) => p.id !== 'akai/apc/mini')) {
      const primaries = AGENT_STATES.map((state) => profile.palette.states[state].primary);
      expect(new Set(primaries).size).toBe(AGENT_STATES.length);
    }
  });

  it('steady colours only: no address on a flash/pulse/blink channel, no flash or pulse SysEx', () => {
    for (const profile of loaded.catalog.profiles) {
      const channels = allAddresses(profile).map((a) => a.channel);
      if (profile.manufacturer === 'Ableton') {
        expect(channels.filter(PUSH_ANIMATION)).toEqual([]);
      } else if (profile.manufacturer === 'Novation') {
        expect(channels.filter((c) => NOVATION_CHANNEL_ANIMATION.has(c))).toEqual([]);
        const commands = [...profile.messages.startup, ...profile.messages.clear, ...profile.messages.shutdown];
        // Pro Mk1 flashes with SysEx 0x23 and pulses with 0x28 (byte 6 of the data).
        expect(commands.filter((c) => c.type === 'sysex' && c.data[5] === 16 && [0x23, 0x28].includes(c.data[6]!))).toEqual([]);
      } else {
        expect(channels.filter(APC_GRID_ANIMATION)).toEqual([]);
      }
    }
  });

  it.each(['akai/apc/mini-mk2', 'akai/apc/mini'])('%s: single-colour buttons only ever get 0 (off) or 1 (on), never 2 (blink)', (id) => {
    const apc = loaded.catalog.get(id);
    const buttonValues = [
      ...Object.values(apc.palette.actions).map((a) => a.enabled),
      apc.palette.system.overflow,
      ...apc.accents.flatMap((a) => [a.selected, a.unselected]),
      apc.palette.off,
    ];
    expect(new Set(buttonValues)).toEqual(new Set([0, 1]));
  });

  it('pad colours on the APCs: mk2 pads on the solid full-brightness channel 6; mk1 pads only steady green, red or yellow', () => {
    expect(loaded.catalog.get('akai/apc/mini-mk2').grid.channel).toBe(6);
    const mk1 = loaded.catalog.get('akai/apc/mini');
    const padValues = [mk1.palette.off, mk1.palette.idle, mk1.palette.activity, ...Object.values(mk1.palette.states).flatMap((s) => [s.primary, s.summary])];
    expect(new Set(padValues)).toEqual(new Set([0, 1, 3, 5])); // 2, 4, 6 blink (not used)
  });

  it('show_rgb on every device with an RGB SysEx: the Pro Mk1 and MK2 as Schema 1 has it, the Mk3 family, X and APC mini mk2 through the extension', () => {
    const withRgb = loaded.catalog.profiles.filter((p) => p.capabilities.show_rgb !== undefined).map((p) => p.id);
    expect(withRgb).toEqual([
      'akai/apc/mini-mk2',
      'novation/launchpad/mini-mk3',
      'novation/launchpad/mk2',
      'novation/launchpad/pro-mk1',
      'novation/launchpad/pro-mk3',
      'novation/launchpad/x',
    ]);
    expect(loaded.catalog.get('novation/launchpad/mk2').capabilities.show_rgb).toEqual({
      sysex_prefix: [0, 32, 41, 2, 24, 11],
      channel_max: 63,
      batch_size: 80,
    });
  });

  it('palette_sysex on the Launchpads whose references document a batched palette message, except the hardware-tested Pro Mk1', () => {
    const batched = Object.fromEntries(
      loaded.catalog.profiles.filter((p) => p.capabilities.palette_sysex !== undefined).map((p) => [p.id, p.capabilities.palette_sysex]),
    );
    expect(batched).toEqual({
      // MK2 Programmer's Reference Manual p. 11: 0Ah <LED> <Colour>, up to 80 times.
      'novation/launchpad/mk2': { sysex_prefix: [0, 32, 41, 2, 24, 10], batch_size: 80 },
      // LED lighting SysEx 03h, lighting type 0 = palette colour: 81 colourspecs on the X and Mini MK3, 106 on the Pro MK3.
      'novation/launchpad/x': { sysex_prefix: [0, 32, 41, 2, 12, 3], batch_size: 81, group: [0, 'led', 'value'] },
      'novation/launchpad/mini-mk3': { sysex_prefix: [0, 32, 41, 2, 13, 3], batch_size: 81, group: [0, 'led', 'value'] },
      'novation/launchpad/pro-mk3': { sysex_prefix: [0, 32, 41, 2, 14, 3], batch_size: 106, group: [0, 'led', 'value'] },
    });
  });

  it("Push 3 speaks Push 2's User-mode protocol, on its own ports", () => {
    const [push2, push3] = ['ableton/push/push-2', 'ableton/push/push-3'].map((id) => loaded.catalog.get(id));
    const { id: _a, name: _b, model: _c, ports: ports2, source: _d, lookup: _e, usb: usb2, ...protocol2 } = push2!;
    const { id: _f, name: _g, model: _h, ports: ports3, source: _i, lookup: _j, usb: usb3, ...protocol3 } = push3!;
    expect(protocol3).toEqual(protocol2);
    expect([usb2?.product_ids, usb3?.product_ids]).toEqual([['1967'], ['1969']]);
    const names = ['Ableton Push 3 Live Port', 'Ableton Push 3 User Port', 'Ableton Push 3 External Port'];
    expect(loaded.catalog.detect(names, names, true).map((c) => [c.profile.id, c.input, c.output])).toEqual([
      ['ableton/push/push-3', 'Ableton Push 3 User Port', 'Ableton Push 3 User Port'],
    ]);
    expect(ports3.input.some((pattern) => new RegExp(pattern, 'i').test('Ableton Push 2 User Port'))).toBe(false);
    expect(ports2.input.some((pattern) => new RegExp(pattern, 'i').test('Ableton Push 3 User Port'))).toBe(false);
  });

  it('Launchpad X and MK2 select their Programmer/Session layouts with their own product bytes', () => {
    const sysex = (profile: DeviceProfile, list: 'startup' | 'shutdown') => profile.messages[list].map((c) => (c.type === 'sysex' ? [...c.data] : []));
    const x = loaded.catalog.get('novation/launchpad/x');
    expect(sysex(x, 'startup')).toEqual([[0, 32, 41, 2, 12, 14, 1]]);
    expect(sysex(x, 'shutdown')).toEqual([[0, 32, 41, 2, 12, 14, 0]]);
    expect(sysex(loaded.catalog.get('novation/launchpad/mk2'), 'startup')).toEqual([[0, 32, 41, 2, 24, 34, 0]]);
  });

  it('port patterns pick the Programmer-mode interface and skip the DAW one', () => {
    const pick = (id: string, names: string[]) => loaded.catalog.detect(names, names, true).filter((c) => c.profile.id === id);
    const lpx = ['Launchpad X:Launchpad X LPX DAW In 20:0', 'Launchpad X:Launchpad X LPX MIDI In 20:1'];
    expect(pick('novation/launchpad/x', lpx).map((c) => c.input)).toEqual([lpx[1]]);
    const lpxWindows = ['LPX MIDI', 'MIDIIN2 (LPX MIDI)', 'MIDIOUT2 (LPX MIDI)'];
    expect(pick('novation/launchpad/x', lpxWindows).map((c) => [c.input, c.output])).toEqual([['MIDIIN2 (LPX MIDI)', 'MIDIOUT2 (LPX MIDI)']]);
    const apc = ['APC mini mk2:APC mini mk2 Control 24:0', 'APC mini mk2:APC mini mk2 Notes 24:1'];
    expect(pick('akai/apc/mini-mk2', apc).map((c) => c.input)).toEqual([apc[0]]);
    expect(pick('novation/launchpad/mk2', ['Launchpad MK2:Launchpad MK2 MIDI 1 20:0']).length).toBe(1);
  });

  // The Pro MK3's programmer's reference lists its interfaces as MIDI (first), DIN, DAW; Programmer mode is on MIDI.
  it.each([
    [
      'Linux',
      [
        'Launchpad Pro MK3:Launchpad Pro MK3 LPProMK3 MIDI 28:0',
        'Launchpad Pro MK3:Launchpad Pro MK3 LPProMK3 DIN 28:1',
        'Launchpad Pro MK3:Launchpad Pro MK3 LPProMK3 DAW 28:2',
      ],
      0,
    ],
    [
      'Linux without interface names',
      ['Launchpad Pro MK3:Launchpad Pro MK3 MIDI 1 20:0', 'Launchpad Pro MK3:Launchpad Pro MK3 MIDI 2 20:1', 'Launchpad Pro MK3:Launchpad Pro MK3 MIDI 3 20:2'],
      0,
    ],
    ['macOS', ['Launchpad Pro MK3 LPProMK3 DAW', 'Launchpad Pro MK3 LPProMK3 MIDI', 'Launchpad Pro MK3 LPProMK3 DIN'], 1],
    ['Windows (DIN and DAW are named after the first interface)', ['MIDIIN2 (LPProMK3 MIDI)', 'LPProMK3 MIDI', 'MIDIIN3 (LPProMK3 MIDI)'], 1],
  ])('the Pro MK3 patterns open its first interface, MIDI, on %s', (_os, names, first) => {
    const candidates = loaded.catalog.detect(names, names, true).filter((c) => c.profile.id === 'novation/launchpad/pro-mk3');
    expect(candidates.map((c) => [c.input, c.output])).toEqual([[names[first], names[first]]]);
  });

  it('every pattern sees a port name without the "2- " Windows puts before a repeated device name', () => {
    const names = ['Launchpad Pro Standalone Port', '2- Launchpad Pro Standalone Port', '2- Launchpad Pro Live Port'];
    expect(matchingPorts(names, loaded.catalog.get('novation/launchpad/pro-mk1').ports.input)).toEqual(names.slice(0, 2));
    expect(matchingPorts(['2- MIDIIN2 (LPProMK3 MIDI)', '2- LPProMK3 MIDI'], loaded.catalog.get('novation/launchpad/pro-mk3').ports.input)).toEqual([
      '2- LPProMK3 MIDI',
    ]);
  });

  it('USB ids where a source gives them, and a message rate where the manufacturer documents one', () => {
    const usb = loaded.catalog.profiles.filter((p) => p.usb !== undefined).map((p) => `${p.id} ${p.usb!.vendor_id}:${p.usb!.product_ids.join(',')}`);
    expect(usb).toContain('novation/launchpad/pro-mk3 1235:0123');
    expect(usb).toContain('novation/launchpad/x 1235:0103');
    expect(loaded.catalog.profiles.filter((p) => p.max_messages_per_second !== undefined).map((p) => [p.id, p.max_messages_per_second])).toEqual([
      ['novation/launchpad/mk1', 400],
    ]);
  });
});
