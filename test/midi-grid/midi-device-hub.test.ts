import { describe, expect, it } from 'vitest';
import { makeShowColor, makeSurfaceView, type ShowFrame } from '../../src/domain/index.js';
import { EIGHT_SCENES } from '../../src/domain/index.js';
import { HubSetupError, resolveMidiSelection } from '../../src/midi-grid/index.js';
import { MidiUnavailableError } from '../../src/midi/errors.js';
import { formatHexLine } from '../../src/midi/hex-line.js';
import type { MockMidiBackend, MockMidiOutput } from '../hardware-mocks/mock-midi.js';
import {
  MINI_MIDI,
  MINI_MK3,
  PRO_MK3_PORT,
  PRO_LIVE,
  PRO_MK1,
  PRO_STANDALONE,
  PRO_STANDALONE_2,
  approvalView,
  autoSelection,
  lightState,
  mockHub,
  profile,
  recordingLogger,
  supportedMini,
} from './helpers.js';

const PRO_STARTUP = ['F0 00 20 29 02 10 21 01 F7', 'F0 00 20 29 02 10 2C 03 F7'];
const outputsNamed = (backend: MockMidiBackend, name: string) => backend.openedOutputs.filter((port) => port.name === name);
const inputsNamed = (backend: MockMidiBackend, name: string) => backend.openedInputs.filter((port) => port.name === name);

/** Makes the port vanish (unplugged) after `count` more messages, in the middle of whatever is being sent. */
function unplugAfter(backend: MockMidiBackend, port: MockMidiOutput, count: number): void {
  const send = port.send.bind(port);
  let sent = 0;
  port.send = (message) => {
    if (sent === count) backend.unplug(port.name);
    sent += 1;
    send(message);
  };
}

describe('MIDI grids through the surface hub: finding controllers', () => {
  it('opens the supported profile on its Standalone port only, sending its startup sequence', async () => {
    const { hub, backend, logger } = mockHub(autoSelection(profile(PRO_MK1)));
    backend.plug(PRO_LIVE).plug(PRO_STANDALONE);
    hub.initialize();
    await hub.idle();
    expect(backend.openedOutputs.map((port) => port.name)).toEqual([PRO_STANDALONE]);
    expect(backend.openedOutputs[0]!.sentHex().slice(0, 2)).toEqual(PRO_STARTUP);
    expect(backend.openedOutputs[0]!.sent).toHaveLength(82);
    expect(hub.descriptors).toEqual([{ kind: 'midi', profile: PRO_MK1, visualProtocol: 1, input: PRO_STANDALONE, output: PRO_STANDALONE }]);
    expect(logger.text()).toContain(`${PRO_MK1} (input '${PRO_STANDALONE}', output '${PRO_STANDALONE}') connected`);
    hub.close();
  });

  it('keeps running without controllers and shows the latest view at once on one that appears later', async () => {
    const { hub, backend } = mockHub(autoSelection(profile(PRO_MK1)));
    hub.initialize();
    await hub.idle();
    hub.render(approvalView());
    expect(hub.descriptors).toEqual([]);
    expect(hub.pollEvents()).toEqual([]);

    backend.plug(PRO_STANDALONE);
    await hub.scanNow();
    const lights = lightState(backend.openedOutputs[0]!.sent);
    expect(lights.get('cc:0:91')).toBe(21); // approve lit
    expect(lights.get('cc:0:92')).toBe(5); // reject lit
    expect(lights.get('cc:0:89')).toBe(37); // slot 0, cyan, selected
    hub.close();
  });

  it('repaints a Show frame on a controller that appears during a Show', async () => {
    const { hub, backend } = mockHub(autoSelection(profile(PRO_MK1)));
    hub.initialize();
    await hub.idle();
    const amber = makeShowColor('accent:orange:selected', [255, 128, 0]);
    const row = () => Array.from({ length: 8 }, () => amber);
    const frame: ShowFrame = { grid: Array.from({ length: 8 }, row), top: row(), right: row() };
    hub.renderShowFrame(frame);
    backend.plug(PRO_STANDALONE);
    await hub.scanNow();
    const rgb = backend.openedOutputs[0]!.sentHex().filter((line) => line.startsWith('F0 00 20 29 02 10 0B'));
    expect(rgb).toHaveLength(2); // the 80 lights in two batched RGB SysEx messages
    hub.close();
  });

  it('opens two identical controllers side by side', async () => {
    const { hub, backend } = mockHub(autoSelection(profile(PRO_MK1)));
    backend.plug(PRO_STANDALONE).plug(PRO_STANDALONE_2);
    hub.initialize();
    await hub.idle();
    expect(hub.descriptors.map((d) => d.input)).toEqual([PRO_STANDALONE, PRO_STANDALONE_2]);
    hub.close();
  });

  it('leaves experimental profiles to --profile in auto mode', async () => {
    const { hub, backend } = mockHub(autoSelection(profile(PRO_MK1), profile('novation/launchpad/pro-mk3')));
    backend.plug(PRO_MK3_PORT);
    hub.initialize();
    await hub.idle();
    expect(backend.openedOutputs).toEqual([]);
    hub.close();
  });

  it("opens a profile checked against its programmer's reference, with a one-line notice that hardware has not confirmed it", async () => {
    const { hub, backend, logger } = mockHub(autoSelection(profile(PRO_MK1), profile(MINI_MK3)));
    backend.plug(MINI_MIDI);
    hub.initialize();
    await hub.idle();
    expect(backend.openedOutputs.map((port) => port.name)).toEqual([MINI_MIDI]);
    expect(backend.openedOutputs[0]!.sentHex()[0]).toBe('F0 00 20 29 02 0D 0E 01 F7'); // Programmer mode
    const notices = logger.lines.filter((line) => line.includes('has not been tested on hardware yet'));
    expect(notices).toEqual([
      `warn: MIDI: ${MINI_MK3} follows the manufacturer's documents but has not been tested on hardware yet; 'pad-lattice profile test ${MINI_MK3}' checks it on your controller`,
    ]);
    backend.unplug(MINI_MIDI);
    await hub.scanNow();
    backend.plug(MINI_MIDI);
    await hub.scanNow();
    expect(backend.openedOutputs).toHaveLength(2);
    expect(logger.lines.filter((line) => line.includes('has not been tested on hardware yet'))).toHaveLength(1); // once per profile
    hub.close();
  });

  it('refuses, with one log line, a device whose supported profile has another geometry', async () => {
    const fourSlots = profile(PRO_MK1, (doc) => {
      doc['surface']['agent_selectors'] = doc['surface']['agent_selectors'].slice(0, 4);
      doc['surface']['agent_statuses'] = doc['surface']['agent_statuses'].slice(0, 4);
      doc['accents'] = doc['accents'].slice(0, 4);
    });
    const { hub, backend, logger } = mockHub(autoSelection(fourSlots));
    backend.plug(PRO_STANDALONE);
    hub.initialize();
    await hub.idle();
    await hub.scanNow();
    await hub.scanNow();
    expect(backend.openedOutputs).toEqual([]);
    const refusals = logger.lines.filter((line) => line.includes('has 4 selector slots, but the daemon drives 8'));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatch(/^warn: MIDI: input 'Launchpad Pro:Launchpad Pro Standalone Port 20:1'.*not opened/);
    hub.close();
  });

  it('refuses a named profile with another geometry before anything starts', async () => {
    const reordered = profile(PRO_MK1, (doc) => {
      doc['surface']['agent_selectors'] = doc['surface']['agent_selectors'].slice(0, 2);
      doc['surface']['agent_statuses'] = doc['surface']['agent_statuses'].slice(0, 2);
      doc['accents'] = doc['accents'].slice(0, 2);
    });
    const resolve = () =>
      resolveMidiSelection({
        profileFile: 'two-slots.json',
        logger: recordingLogger(),
        profiles: () => Promise.reject(new Error('the catalog is not needed for a profile file')),
        loadProfileFile: async () => reordered,
        geometry: EIGHT_SCENES,
      });
    await expect(resolve()).rejects.toThrow(HubSetupError);
    await expect(resolve()).rejects.toThrow('has 2 selector slots');
  });

  it('does not guess between two different interfaces that a named profile matches', async () => {
    // The reference's Mini Mk3 patterns, which match both Windows interfaces (device-profile-schema-1.md §8.3).
    const referencePatterns = profile(MINI_MK3, (doc) => (doc['ports'] = { input: ['LPMiniMK3.*MIDI'], output: ['LPMiniMK3.*MIDI'] }));
    const { hub, backend, logger } = mockHub({ mode: 'profile', profile: referencePatterns });
    backend.plug('LPMiniMK3 MIDI').plug('MIDIIN2 (LPMiniMK3 MIDI)', ['input']).plug('MIDIOUT2 (LPMiniMK3 MIDI)', ['output']);
    hub.initialize();
    await hub.idle();
    expect(backend.openedOutputs).toEqual([]);
    expect(logger.text()).toContain('matches several MIDI interfaces');
    expect(logger.text()).toContain('--input and --output');
    hub.close();
  });

  it('opens exactly the named ports of a named profile, without checking its patterns', async () => {
    const { hub, backend } = mockHub({ mode: 'profile', profile: profile(PRO_MK1), input: 'Some Pad', output: 'Some Pad' });
    backend.plug(PRO_STANDALONE).plug('Some Pad 28:0');
    hub.initialize();
    await hub.idle();
    expect(backend.openedOutputs.map((port) => port.name)).toEqual(['Some Pad 28:0']);
    hub.close();
  });

  it('does not open a device that two supported profiles claim', async () => {
    const twin = profile(PRO_MK1, (doc) => {
      doc['model'] = 'Pro Twin';
      doc['id'] = 'novation/launchpad/pro-twin';
    });
    const { hub, backend, logger } = mockHub(autoSelection(profile(PRO_MK1), twin));
    backend.plug(PRO_STANDALONE);
    hub.initialize();
    await hub.idle();
    expect(backend.openedOutputs).toEqual([]);
    expect(logger.text()).toContain(`'${PRO_STANDALONE}' matches several profiles (${PRO_MK1}, novation/launchpad/pro-twin)`);
    hub.close();
  });
});

describe('MIDI grids through the surface hub: hot-plug', () => {
  it('drops a controller that vanishes, without disturbing the others', async () => {
    const { hub, backend, logger } = mockHub(autoSelection(profile(PRO_MK1)));
    backend.plug(PRO_STANDALONE).plug(PRO_STANDALONE_2);
    hub.initialize();
    await hub.idle();
    backend.unplug(PRO_STANDALONE);
    await hub.scanNow();
    expect(hub.descriptors.map((d) => d.input)).toEqual([PRO_STANDALONE_2]);
    expect(logger.text()).toContain(`${PRO_MK1} (input '${PRO_STANDALONE}', output '${PRO_STANDALONE}') disconnected`);
    const remaining = outputsNamed(backend, PRO_STANDALONE_2)[0]!;
    const before = remaining.sent.length;
    hub.render(approvalView());
    expect(remaining.sent.length).toBeGreaterThan(before);
    expect(inputsNamed(backend, PRO_STANDALONE)[0]!.isOpen()).toBe(false);
    hub.close();
  });

  it('survives a controller vanishing mid-frame and repaints it fully when it returns', async () => {
    const { hub, backend, logger } = mockHub(autoSelection(profile(PRO_MK1)));
    backend.plug(PRO_STANDALONE).plug(PRO_STANDALONE_2);
    hub.initialize();
    await hub.idle();
    hub.render(makeSurfaceView({ selectedState: 'running' }));
    const first = outputsNamed(backend, PRO_STANDALONE)[0]!;
    const witness = outputsNamed(backend, PRO_STANDALONE_2)[0]!;
    unplugAfter(backend, first, 5);

    expect(() => hub.render(approvalView())).not.toThrow();
    expect(first.sent.length).toBeGreaterThan(82); // part of the frame went out before the device vanished
    expect(hub.descriptors.map((d) => d.input)).toEqual([PRO_STANDALONE_2]);
    expect(logger.text()).toContain(`lost ${PRO_MK1} (input '${PRO_STANDALONE}'`);
    expect(hub.pollEvents()).toEqual([]);
    await hub.scanNow(); // the listing agrees: it is gone
    expect(hub.descriptors).toHaveLength(1);

    backend.plug(PRO_STANDALONE);
    await hub.scanNow();
    const returned = outputsNamed(backend, PRO_STANDALONE)[1]!;
    expect(returned.sentHex().slice(0, 2)).toEqual(PRO_STARTUP);
    expect(lightState(returned.sent)).toEqual(lightState(witness.sent));
    expect(lightState(returned.sent).get('cc:0:91')).toBe(21);
    expect(hub.descriptors.map((d) => d.input)).toEqual([PRO_STANDALONE_2, PRO_STANDALONE]);
    expect(logger.text()).toContain('reconnected');
    hub.close();
  });

  it('keeps going when MIDI is unavailable, says so once, and picks a controller up when MIDI works', async () => {
    const { hub, backend, logger } = mockHub(autoSelection(profile(PRO_MK1)));
    backend.setUnavailable(new MidiUnavailableError('system-unavailable', 'Failed to initialise RtMidi'));
    hub.initialize();
    await hub.idle();
    await hub.scanNow();
    await hub.scanNow();
    const notices = logger.lines.filter((line) => line.includes('MIDI support is unavailable'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('keeps running without controllers');
    backend.setUnavailable(null).plug(PRO_STANDALONE);
    await hub.scanNow();
    expect(hub.descriptors).toHaveLength(1);
    hub.close();
  });

  it('says each cause of MIDI being unavailable once, however often the cause flips back and forth', async () => {
    const { hub, backend, logger } = mockHub(autoSelection(profile(PRO_MK1)));
    const noSequencer = new MidiUnavailableError('system-unavailable', '/dev/snd/seq does not exist');
    const refused = new MidiUnavailableError('system-unavailable', "Failed to initialise RtMidi; ALSA said 'open /dev/snd/seq failed: Permission denied'");
    backend.setUnavailable(noSequencer);
    hub.initialize();
    await hub.idle();
    for (const cause of [refused, noSequencer, refused, noSequencer, refused]) {
      backend.setUnavailable(cause);
      await hub.scanNow();
    }
    const notices = logger.lines.filter((line) => line.includes('MIDI support is unavailable'));
    expect(notices).toHaveLength(2);
    expect(notices[0]).toContain('/dev/snd/seq does not exist');
    expect(notices[1]).toContain("ALSA said 'open /dev/snd/seq failed: Permission denied'");
    hub.close();
  });

  it('reports a port that fails to open once, and opens it on a later scan', async () => {
    const { hub, backend, logger } = mockHub(autoSelection(profile(PRO_MK1)));
    backend.plug(PRO_STANDALONE).failOpen('input', PRO_STANDALONE, new Error('busy'));
    hub.initialize();
    await hub.idle();
    expect(hub.descriptors).toEqual([]);
    expect(backend.openedOutputs[0]!.isOpen()).toBe(false); // the output opened first was closed again
    expect(logger.text()).toContain(`could not open MIDI input '${PRO_STANDALONE}': busy`);
    await hub.scanNow();
    expect(hub.descriptors).toHaveLength(1);
    hub.close();
  });

  it('greets a controller the first time it appears, not when it returns', async () => {
    const sleeps: number[] = [];
    const { hub, backend } = mockHub(autoSelection(profile(PRO_MK1)), {
      greeting: { text: 'HI', delaySeconds: 0.01, sleep: async (seconds) => void sleeps.push(seconds) },
    });
    backend.plug(PRO_STANDALONE);
    hub.initialize();
    await hub.idle();
    hub.render(approvalView());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sleeps).toHaveLength(12 + 8 + 1); // "HI": 12 columns + 8 + 1 frames
    backend.unplug(PRO_STANDALONE);
    await hub.scanNow();
    backend.plug(PRO_STANDALONE);
    await hub.scanNow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sleeps).toHaveLength(21);
    expect(lightState(backend.openedOutputs[1]!.sent).get('cc:0:91')).toBe(21);
    hub.close();
  });

  it('closes every controller with its shutdown sequence and never throws, even for a vanished one', async () => {
    const { hub, backend } = mockHub(autoSelection(profile(PRO_MK1)));
    backend.plug(PRO_STANDALONE).plug(PRO_STANDALONE_2);
    hub.initialize();
    await hub.idle();
    outputsNamed(backend, PRO_STANDALONE)[0]!.vanish();
    expect(() => hub.close()).not.toThrow();
    const healthy = outputsNamed(backend, PRO_STANDALONE_2)[0]!;
    expect(healthy.sentHex().at(-1)).toBe('F0 00 20 29 02 10 21 00 F7');
    expect(backend.openedOutputs.every((port) => !port.isOpen())).toBe(true);
    expect(() => hub.close()).not.toThrow();
  });
});

describe('MIDI grids through the surface hub: several profiles at once', () => {
  it('renders the same view on two controllers with different profiles and merges their presses', async () => {
    const mini = supportedMini();
    const { hub, backend } = mockHub(autoSelection(profile(PRO_MK1), mini));
    backend.plug(MINI_MIDI).plug(PRO_STANDALONE);
    hub.initialize();
    await hub.idle();
    hub.render(approvalView());
    const miniPort = outputsNamed(backend, MINI_MIDI)[0]!;
    const pro = outputsNamed(backend, PRO_STANDALONE)[0]!;
    expect(miniPort.sentHex()[0]).toBe('F0 00 20 29 02 0D 0E 01 F7');
    expect(pro.sentHex()[0]).toBe(PRO_STARTUP[0]);
    // The Mini MK3 gets each frame as one batched palette SysEx, the Pro Mk1 one message per light: the same lights.
    expect(lightState(miniPort.sent, mini)).toEqual(lightState(pro.sent));

    inputsNamed(backend, PRO_STANDALONE)[0]!.injectHex('B0 5B 7F');
    inputsNamed(backend, MINI_MIDI)[0]!.injectHex('B0 4F 7F');
    inputsNamed(backend, MINI_MIDI)[0]!.injectHex('B0 5B 00');
    expect(hub.pollEvents()).toEqual([
      { type: 'action_pressed', action: 'approve' },
      { type: 'session_selected', slot: 1 },
      { type: 'action_released', action: 'approve' },
    ]);
    expect(hub.pollEvents()).toEqual([]);
    hub.close();
  });
});

describe('MIDI grids on trace and file ports', () => {
  it('refuses a trace output without an input', () => {
    expect(() => mockHub({ mode: 'profile', profile: profile(PRO_MK1), output: 'trace:-' })).toThrow('--output trace:- needs --input');
  });

  it('opens fixed ports without MIDI and throws when they cannot be opened', () => {
    const written: string[] = [];
    const stdout = { write: (text: string) => written.push(text) };
    const missing = { mode: 'profile', profile: profile(PRO_MK1), output: 'trace:/nonexistent-folder/trace.txt', input: 'file:/dev/null' } as const;
    expect(() => mockHub(missing, { stdout })).toThrow("could not open MIDI output 'trace:/nonexistent-folder/trace.txt'");
    const { hub: ok, backend } = mockHub({ mode: 'profile', profile: profile(PRO_MK1), output: 'trace:-', input: 'file:/dev/null' }, { stdout });
    expect(written.slice(0, 2)).toEqual(PRO_STARTUP.map((line) => `${line}\n`));
    expect(ok.descriptors).toEqual([{ kind: 'midi', profile: PRO_MK1, visualProtocol: 1, input: 'file:/dev/null', output: 'trace:-' }]);
    ok.render(approvalView());
    expect(written.map((line) => line.trim())).toContain(formatHexLine([0xb0, 91, 21]));
    expect(backend.openedOutputs).toEqual([]);
    ok.close();
  });
});
