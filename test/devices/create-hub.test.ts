import { describe, expect, it } from 'vitest';
import { createMidiHub, gateOnSequencer, HubSetupError, planDevices, type MidiHubSetup } from '../../src/devices/hub/index.js';
import { MidiUnavailableError } from '../../src/midi/errors.js';
import { pairPorts } from '../../src/midi/port-names.js';
import { ProfileCatalog, type CatalogLoad } from '../../src/profiles/index.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { PRO_LIVE, PRO_MK1, PRO_STANDALONE, PRO_STANDALONE_2, profile, recordingLogger } from './helpers.js';

function setup(overrides: Partial<MidiHubSetup> = {}) {
  const logger = recordingLogger();
  const catalogLoad: CatalogLoad = {
    catalog: ProfileCatalog.fromProfiles([profile(PRO_MK1)]).catalog,
    problems: [{ source: '/home/me/.config/pad-lattice/profiles/bad.json', issues: [{ path: 'id', message: 'must be a non-empty string' }] }],
  };
  const closed: string[] = [];
  const watchers: ((load: CatalogLoad) => void)[] = [];
  const base: MidiHubSetup = {
    greeting: { text: null },
    logger,
    stdout: { write: () => true },
    backend: () => new MockMidiBackend().plug(PRO_STANDALONE),
    loadCatalog: async () => catalogLoad,
    watchCatalog: async (onChange) => {
      watchers.push(onChange);
      return { snapshot: catalogLoad, close: async () => void closed.push('watcher') };
    },
    loadProfileFile: async () => profile(PRO_MK1),
    isBuiltinSource: (source) => !source.startsWith('/home/me/'),
    ...overrides,
  };
  return { base, logger, closed, watchers };
}

describe('createMidiHub (the daemon options)', () => {
  it('auto-detects with a live catalog, logs what it loads and refuses, once per change, and disposes the catalog', async () => {
    const { base, logger, closed, watchers } = setup();
    const { hub, dispose, profiles } = await createMidiHub(base);
    hub.initialize();
    expect(hub.descriptors.map((d) => d.profile)).toEqual([PRO_MK1]);
    expect(logger.lines).toContain(`info: profiles: 1 built-in loaded (${PRO_MK1})`);
    expect(logger.lines).toContain('warn: profile refused: /home/me/.config/pad-lattice/profiles/bad.json');
    expect(logger.lines).toContain('warn:   id: must be a non-empty string');
    expect(profiles().map((p) => p.id)).toEqual([PRO_MK1]);
    const logged = logger.lines.length;
    watchers[0]!((await base.loadCatalog())); // a rescan that changed nothing that was reported
    expect(logger.lines).toHaveLength(logged);
    hub.close();
    await dispose();
    expect(closed).toEqual(['watcher']);
  });

  it('refuses both --profile and --profile-file, and an unknown profile id', async () => {
    const { base } = setup();
    await expect(createMidiHub({ ...base, profileId: PRO_MK1, profileFile: 'x.json' })).rejects.toThrow(HubSetupError);
    await expect(createMidiHub({ ...base, profileId: 'x/y/z' })).rejects.toThrow('unknown device profile: x/y/z');
  });

  it('closes the live catalog when the hub cannot be made', async () => {
    const { base, closed } = setup();
    await expect(createMidiHub({ ...base, output: 'trace:-', input: 'file:/dev/null' })).rejects.toThrow('need --profile or --profile-file');
    expect(closed).toEqual(['watcher']);
  });

  it('uses a profile file as given', async () => {
    const { base } = setup({ loadProfileFile: async (path) => (path === 'mine.json' ? profile(PRO_MK1) : Promise.reject(new Error('no'))) });
    const { hub } = await createMidiHub({ ...base, profileFile: 'mine.json' });
    hub.initialize();
    expect(hub.descriptors).toHaveLength(1);
    hub.close();
  });
});

describe('device plan: named ports in auto mode', () => {
  it('narrows auto-detection to the named port, which must still match a supported profile', () => {
    const devices = pairPorts([PRO_STANDALONE, PRO_STANDALONE_2, PRO_LIVE], [PRO_STANDALONE, PRO_STANDALONE_2, PRO_LIVE]);
    const profiles = () => [profile(PRO_MK1)];
    const named = planDevices({ mode: 'auto', profiles, input: PRO_STANDALONE_2, output: PRO_STANDALONE_2 }, devices);
    expect(named.wanted.map((device) => device.input)).toEqual([PRO_STANDALONE_2]);
    const live = planDevices({ mode: 'auto', profiles, input: PRO_LIVE, output: PRO_LIVE }, devices);
    expect(live.wanted).toEqual([]);
  });
});

describe('gateOnSequencer', () => {
  it('on Linux without /dev/snd/seq fails like a machine without MIDI, without asking the backend', () => {
    const backend = new MockMidiBackend().plug('X');
    const gated = gateOnSequencer(backend, { platform: 'linux', sequencerPresent: () => false });
    expect(() => gated.listPorts()).toThrow(MidiUnavailableError);
    expect(() => gated.openOutput('X')).toThrow('does not exist');
    expect(backend.listCalls).toBe(0);
  });

  it('passes through once the sequencer exists, and on other systems', () => {
    const backend = new MockMidiBackend().plug('X');
    expect(gateOnSequencer(backend, { platform: 'linux', sequencerPresent: () => true }).listPorts().inputs).toEqual(['X']);
    expect(gateOnSequencer(backend, { platform: 'darwin', sequencerPresent: () => false })).toBe(backend);
  });
});
