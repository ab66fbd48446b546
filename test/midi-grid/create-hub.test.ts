import { describe, expect, it } from 'vitest';
import { EIGHT_SCENES } from '../../src/domain/index.js';
import { addMidiGrids, HubSetupError, planDevices, resolveMidiSelection, type MidiSelection, type MidiSelectionSetup } from '../../src/midi-grid/index.js';
import { gateOnSequencer } from '../../src/midi/sequencer-gate.js';
import { followProfiles } from '../../src/profiles/index.js';
import { SurfaceHub } from '../../src/surfaces/index.js';
import { MidiUnavailableError } from '../../src/midi/errors.js';
import { pairPorts } from '../../src/midi/port-names.js';
import { ProfileCatalog, type CatalogLoad } from '../../src/profiles/index.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { gridProfile } from '../monome/helpers.js';
import { PRO_LIVE, PRO_MK1, PRO_STANDALONE, PRO_STANDALONE_2, profile, recordingLogger } from './helpers.js';

const BAD_FILE = '/home/me/.config/pad-lattice/profiles/bad.json';

function catalogLoad(extra: Partial<CatalogLoad> = {}): CatalogLoad {
  return {
    catalog: ProfileCatalog.fromProfiles([profile(PRO_MK1)]).catalog,
    surfaces: [],
    problems: [{ source: BAD_FILE, issues: [{ path: 'id', message: 'must be a non-empty string' }] }],
    ...extra,
  };
}

/** followProfiles over a hand-driven watcher: `change(load)` is a rescan that found `load`. */
async function liveProfiles(first = catalogLoad()) {
  const logger = recordingLogger();
  let snapshot = first;
  let onChange: (load: CatalogLoad) => void = () => {};
  const closed: string[] = [];
  const live = await followProfiles({
    logger,
    isBuiltinSource: (source) => !source.startsWith('/home/me/'),
    watch: async (listener) => {
      onChange = listener;
      return {
        get snapshot() {
          return snapshot;
        },
        close: async () => void closed.push('watcher'),
      };
    },
  });
  const change = (load: CatalogLoad) => {
    snapshot = load;
    onChange(load);
  };
  return { live, logger, closed, change };
}

function setup(overrides: Partial<MidiSelectionSetup> = {}) {
  const logger = recordingLogger();
  let asked = 0;
  const base: MidiSelectionSetup = {
    logger,
    geometry: EIGHT_SCENES,
    profiles: async () => {
      asked += 1;
      return (await liveProfiles()).live;
    },
    loadProfileFile: async () => profile(PRO_MK1),
    ...overrides,
  };
  return { base, logger, asked: () => asked };
}

/** The selection's MIDI grids in a hub over one mock Launchpad Pro, after its first scan. */
async function hubFor(midi: MidiSelection) {
  const logger = recordingLogger();
  const hub = new SurfaceHub({ logger });
  addMidiGrids(hub, midi, { backend: () => new MockMidiBackend().plug(PRO_STANDALONE), greeting: { text: null }, logger, stdout: { write: () => true } });
  hub.initialize();
  await hub.idle();
  return hub;
}

describe('followProfiles: one following of the profile folders for every hub', () => {
  it('logs what it loads and refuses — MIDI and surface profiles — once per change, and tells every listener after logging', async () => {
    const { live, logger, change } = await liveProfiles();
    expect(logger.lines).toContain(`info: profiles: 1 built-in loaded (${PRO_MK1})`);
    expect(logger.lines).toContain(`warn: profile refused: ${BAD_FILE}`);
    expect(logger.lines).toContain('warn:   id: must be a non-empty string');
    const heard: number[] = [];
    live.onChange(() => heard.push(logger.lines.length));
    const logged = logger.lines.length;
    change(catalogLoad()); // a rescan that changed nothing that was reported
    expect(logger.lines).toHaveLength(logged);
    const grid = { ...(await gridProfile('monome/grid/128')), id: 'me/grid/big', source: '/home/me/.config/pad-lattice/profiles/big\u001b[2J.json' };
    change(catalogLoad({ surfaces: [grid] }));
    expect(logger.lines.slice(logged)).toEqual([
      'info: profile loaded: me/grid/big (experimental) from /home/me/.config/pad-lattice/profiles/big\\x1b[2J.json',
    ]);
    change(catalogLoad());
    expect(logger.lines.at(-1)).toBe('info: profile dropped: me/grid/big (/home/me/.config/pad-lattice/profiles/big\\x1b[2J.json is gone)');
    expect(heard).toEqual([logged, logged + 1, logged + 2]);
    expect(live.snapshot.surfaces).toEqual([]);
  });
});

describe('resolveMidiSelection (the daemon options)', () => {
  it('auto-detects over the live catalog', async () => {
    const { base } = setup();
    const midi = await resolveMidiSelection(base);
    const hub = await hubFor(midi);
    expect(hub.descriptors.map((d) => d.profile)).toEqual([PRO_MK1]);
    expect(midi.profiles().map((p) => p.id)).toEqual([PRO_MK1]);
    hub.close();
  });

  it('refuses both --profile and --profile-file, and an unknown profile id', async () => {
    const { base } = setup();
    await expect(resolveMidiSelection({ ...base, profileId: PRO_MK1, profileFile: 'x.json' })).rejects.toThrow(HubSetupError);
    await expect(resolveMidiSelection({ ...base, profileId: 'x/y/z' })).rejects.toThrow('unknown device profile: x/y/z');
  });

  it('a trace output without a profile cannot work', async () => {
    const { base } = setup();
    await expect(resolveMidiSelection({ ...base, output: 'trace:-', input: 'file:/dev/null' })).rejects.toThrow('need --profile or --profile-file');
  });

  it('uses a profile file as given, without asking for the profile folders', async () => {
    const { base, asked } = setup({ loadProfileFile: async (path) => (path === 'mine.json' ? profile(PRO_MK1) : Promise.reject(new Error('no'))) });
    const hub = await hubFor(await resolveMidiSelection({ ...base, profileFile: 'mine.json' }));
    expect(hub.descriptors).toHaveLength(1);
    expect(asked()).toBe(0);
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
