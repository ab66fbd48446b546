import { describe, expect, it, vi } from 'vitest';
import { ProfileCatalog, resolveDevice, type PortLists, type ResolveDeviceOptions } from '../../src/profiles/index.js';
import { accepted, proMk1 } from './helpers.js';
import { userProfile } from './temp-roots.js';

const PRO = 'Launchpad Pro:Launchpad Pro Standalone Port 20:1';
const PRO_2 = 'Launchpad Pro:Launchpad Pro Standalone Port 24:1';

function catalogOf(...docs: Record<string, unknown>[]) {
  return ProfileCatalog.fromProfiles(docs.map((doc) => accepted(doc))).catalog;
}

function options(ports: PortLists, catalog = catalogOf(proMk1()), extra: Partial<ResolveDeviceOptions> = {}) {
  return {
    loadCatalog: vi.fn(async () => catalog),
    loadProfileFile: vi.fn(async () => accepted(userProfile('Acme', 'Grid', 'One'))),
    listPorts: vi.fn(async () => ports),
    ...extra,
  };
}

describe('device-profile-schema-1.md §13', () => {
  it('scenario 38: an explicit profile with explicit input and output never enumerates ports', async () => {
    const opts = options({ inputs: [], outputs: [] }, undefined, {
      profileId: 'novation/launchpad/pro-mk1',
      input: 'anything in',
      output: 'anything out',
    });
    const resolved = await resolveDevice(opts);
    expect(opts.listPorts).not.toHaveBeenCalled();
    expect([resolved.profile.id, resolved.input, resolved.output]).toEqual(['novation/launchpad/pro-mk1', 'anything in', 'anything out']);
  });

  it('scenario 39: a profile id and a profile file together are an error', async () => {
    const opts = options({ inputs: [PRO], outputs: [PRO] }, undefined, { profileId: 'a/b/c', profileFile: '/x.json' });
    await expect(resolveDevice(opts)).rejects.toThrow('use either a profile id or a profile file, not both');
  });

  it('scenario 40: auto-detection: one supported match, ambiguity, experimental only, nothing', async () => {
    const one = await resolveDevice(options({ inputs: ['Other', PRO], outputs: [PRO] }));
    expect([one.profile.id, one.input, one.output]).toEqual(['novation/launchpad/pro-mk1', PRO, PRO]);

    await expect(resolveDevice(options({ inputs: [PRO, PRO_2], outputs: [PRO] }))).rejects.toThrow(
      `ambiguous MIDI device: novation/launchpad/pro-mk1: input=${PRO}, output=${PRO}; novation/launchpad/pro-mk1: input=${PRO_2}, output=${PRO}`,
    );

    const withExperimental = catalogOf(proMk1(), userProfile('Acme', 'Grid', 'One'));
    await expect(resolveDevice(options({ inputs: ['One in'], outputs: ['One out'] }, withExperimental))).rejects.toThrow(
      /only experimental profiles match the MIDI ports \(acme\/grid\/one\); select one explicitly/,
    );
    await expect(resolveDevice(options({ inputs: ['Nope'], outputs: ['Nope'] }, withExperimental))).rejects.toThrow('no supported device profile matched');
  });

  it('scenario 41: an explicit profile: ambiguous inputs, no input, no output', async () => {
    const explicit = { profileId: 'novation/launchpad/pro-mk1' };
    await expect(resolveDevice(options({ inputs: [PRO, PRO_2], outputs: [PRO] }, undefined, explicit))).rejects.toThrow('ambiguous MIDI device');
    await expect(resolveDevice(options({ inputs: [], outputs: [PRO] }, undefined, explicit))).rejects.toThrow(
      'no MIDI input matched profile novation/launchpad/pro-mk1',
    );
    await expect(resolveDevice(options({ inputs: [PRO], outputs: ['Other'] }, undefined, explicit))).rejects.toThrow(
      'no MIDI output matched profile novation/launchpad/pro-mk1',
    );
  });

  it('a profile file is resolved without loading the catalog, and explicit experimental profiles work', async () => {
    const opts = options({ inputs: ['One in 2'], outputs: ['One out 2'] }, undefined, { profileFile: '/acme.json' });
    const resolved = await resolveDevice(opts);
    expect(opts.loadCatalog).not.toHaveBeenCalled();
    expect(opts.loadProfileFile).toHaveBeenCalledWith('/acme.json');
    expect([resolved.profile.id, resolved.input, resolved.output]).toEqual(['acme/grid/one', 'One in 2', 'One out 2']);
  });
});
