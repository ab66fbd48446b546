import { describe, expect, it } from 'vitest';
import { loadCatalog, matchingPorts, type DeviceProfile } from '../../src/profiles/index.js';
import { BUILTIN_ROOT, REFERENCE_IDS } from './helpers.js';

async function builtins() {
  const { catalog, problems } = await loadCatalog({ builtinRoot: BUILTIN_ROOT });
  expect(problems).toEqual([]);
  return catalog;
}

const sysexData = (commands: DeviceProfile['messages']['startup']) => commands.map((command) => (command.type === 'sysex' ? [...command.data] : null));

const actionNumbers = (profile: DeviceProfile) => ({
  approve: profile.surface.actions.approve,
  reject: profile.surface.actions.reject,
  retry: profile.surface.actions.retry,
  stop: profile.surface.actions.stop,
});

const REFERENCE_ACTIONS = {
  approve: { kind: 'cc', number: 91, channel: 0 },
  reject: { kind: 'cc', number: 92, channel: 0 },
  retry: { kind: 'cc', number: 97, channel: 0 },
  stop: { kind: 'cc', number: 98, channel: 0 },
};

describe('device-profile-schema-1.md §13', () => {
  it('scenario 1: the three reference built-ins parse and list in the order mini-mk3, pro-mk1, pro-mk3', async () => {
    const catalog = await builtins();
    const ids = catalog.profiles.map((profile) => profile.id);
    expect(ids.filter((id) => REFERENCE_IDS.includes(id))).toEqual(REFERENCE_IDS);
    expect(ids).toEqual([...ids].sort());
  });

  it('scenario 2: pro-mk1 is supported and named "Novation Launchpad Pro Mk1"; mini-mk3 and pro-mk3 are experimental', async () => {
    const catalog = await builtins();
    expect(catalog.get('novation/launchpad/pro-mk1').status).toBe('supported');
    expect(catalog.get('novation/launchpad/pro-mk1').name).toBe('Novation Launchpad Pro Mk1');
    expect(catalog.get('novation/launchpad/mini-mk3').status).toBe('experimental');
    expect(catalog.get('novation/launchpad/pro-mk3').status).toBe('experimental');
  });

  it('scenario 3: every reference built-in has the reference geometry and all three conformance levels', async () => {
    const catalog = await builtins();
    const right = [89, 79, 69, 59, 49, 39, 29, 19];
    for (const id of REFERENCE_IDS) {
      const profile = catalog.get(id);
      expect(profile.schema_version).toBe(1);
      expect(profile.visual_protocol).toBe(1);
      expect(profile.surface.agent_selectors.map((a) => a.number)).toEqual(right);
      expect(profile.surface.agent_statuses.map((a) => a.number)).toEqual([88, 78, 68, 58, 48, 38, 28, 18]);
      expect(profile.surface.showcase.top.map((a) => a.number)).toEqual([91, 92, 93, 94, 95, 96, 97, 98]);
      expect(profile.surface.showcase.right.map((a) => a.number)).toEqual(right);
      expect(profile.surface.state_region).toEqual({ x: 0, y: 0, width: 7, height: 8 });
      expect([...profile.lookup.conformance].sort()).toEqual(['actions', 'core-state', 'multi-agent']);
    }
  });

  it('scenario 4: Pro Mk1 ports, startup/shutdown SysEx, show_rgb and CC actions', async () => {
    const profile = (await builtins()).get('novation/launchpad/pro-mk1');
    expect(profile.ports.input[0]).toContain('Standalone Port');
    expect(sysexData(profile.messages.startup)).toEqual([
      [0, 32, 41, 2, 16, 33, 1],
      [0, 32, 41, 2, 16, 44, 3],
    ]);
    expect(sysexData(profile.messages.shutdown).at(-1)).toEqual([0, 32, 41, 2, 16, 33, 0]);
    expect(profile.capabilities.show_rgb).toEqual({ sysex_prefix: [0, 32, 41, 2, 16, 11], channel_max: 63, batch_size: 78 });
    expect(actionNumbers(profile)).toEqual(REFERENCE_ACTIONS);
  });

  it('scenario 5: Mini Mk3 toggles Programmer mode with product byte 13, same CC actions (and, unlike the reference, RGB Shows)', async () => {
    const profile = (await builtins()).get('novation/launchpad/mini-mk3');
    expect(sysexData(profile.messages.startup)).toEqual([[0, 32, 41, 2, 13, 14, 1]]);
    expect(sysexData(profile.messages.shutdown)).toEqual([[0, 32, 41, 2, 13, 14, 0]]);
    // Deviation (issue #16): the reference has no show_rgb; ours uses the documented LED lighting SysEx.
    expect(profile.capabilities.show_rgb?.sysex_prefix).toEqual([0, 32, 41, 2, 13, 3]);
    expect(actionNumbers(profile)).toEqual(REFERENCE_ACTIONS);
  });

  it('scenario 6: Pro Mk3 toggles Programmer mode with product byte 14, same CC actions', async () => {
    const profile = (await builtins()).get('novation/launchpad/pro-mk3');
    expect(sysexData(profile.messages.startup)).toEqual([[0, 32, 41, 2, 14, 14, 1]]);
    expect(sysexData(profile.messages.shutdown)).toEqual([[0, 32, 41, 2, 14, 14, 0]]);
    expect(actionNumbers(profile)).toEqual(REFERENCE_ACTIONS);
  });

  it('scenario 7: Pro Mk3 detection over DIN, MIDI 2 and DAW ports picks the MIDI 2 port both ways', async () => {
    const catalog = await builtins();
    const names = ['LPProMK3 DIN 20:0', 'LPProMK3 MIDI 2 20:1', 'LPProMK3 DAW 20:2'];
    const candidates = catalog.detect(names, names, true).filter((c) => c.profile.id === 'novation/launchpad/pro-mk3');
    expect(candidates.map(({ input, output }) => ({ input, output }))).toEqual([{ input: 'LPProMK3 MIDI 2 20:1', output: 'LPProMK3 MIDI 2 20:1' }]);
  });

  it('scenario 8: detection uses the first matching pattern: Standalone wins over Live', async () => {
    const catalog = await builtins();
    const names = ['Launchpad Pro:Launchpad Pro Live Port 20:0', 'Launchpad Pro:Launchpad Pro Standalone Port 20:1'];
    const candidates = catalog.detect(names, names, false);
    expect(candidates.map(({ profile, input, output }) => [profile.id, input, output])).toEqual([['novation/launchpad/pro-mk1', names[1], names[1]]]);
    expect(matchingPorts(names, catalog.get('novation/launchpad/pro-mk1').ports.input)).toEqual([names[1]]);
  });
});
