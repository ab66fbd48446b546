import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { makeDevicesCommand } from '../../src/cli/commands/devices.js';
import { MockHidBackend } from '../hardware-mocks/mock-hid.js';
import { MockSerialBinding } from '../hardware-mocks/mock-serial.js';
import { makeDoctorCommand } from '../../src/cli/commands/doctor.js';
import { makeMonitorMidiCommand } from '../../src/cli/commands/monitor-midi.js';
import { runProfileTest } from '../../src/cli/commands/profile-test.js';
import { loadCatalogFor } from '../../src/cli/commands/profile-context.js';
import { planDevices } from '../../src/midi-grid/index.js';
import { pairPorts } from '../../src/midi/port-names.js';
import { resolveDevice } from '../../src/profiles/index.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { captureIo } from '../helpers/capture-io.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';
import { MINI_MIDI, MK2_PORT, PRO_LIVE, PRO_MK1, PRO_MK3_PORT, PRO_STANDALONE } from '../midi-grid/helpers.js';

/** A home folder of our own, so no real user profile or hooks file is read. */
const tempHome = tempDirsPerTest('pl-devices-home-');

/** Serial and HID with nothing plugged in, so the listing never reads this machine's devices. */
const NO_SERIAL_OR_HID = { serialBackend: () => new MockSerialBinding(), hidBackend: () => new MockHidBackend() };

/** How long the mock devices, which do not implement the Device Inquiry, are given to stay silent. */
const SILENT = { identityTimeoutMs: 50 };
const noAnswer = { identity: null, identity_unavailable: 'no answer to a Device Inquiry within 50 ms' };

const envFor = (home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ NO_COLOR: '1', HOME: home, ...extra });

describe('device-profile-schema-1.md §13', () => {
  it('scenario 48: the devices listing includes experimental candidates; auto-detection excludes them', async () => {
    const home = tempHome();
    const backend = new MockMidiBackend().plug(PRO_LIVE).plug(PRO_STANDALONE).plug(MINI_MIDI).plug(MK2_PORT).plug(PRO_MK3_PORT);
    const command = makeDevicesCommand({ backend: () => backend, loadCatalog: loadCatalogFor, ...NO_SERIAL_OR_HID, ...SILENT });
    const json = captureIo('', envFor(home));
    expect(await runCli(['devices', '--json'], json.io, [command])).toBe(0);
    expect(JSON.parse(json.stdout())).toEqual({
      matches: [
        {
          profile: 'novation/launchpad/mini-mk3',
          status: 'experimental',
          opens_automatically: true,
          input: MINI_MIDI,
          output: MINI_MIDI,
          usb: '1235:0113',
          ...noAnswer,
        },
        {
          profile: 'novation/launchpad/mk2',
          status: 'experimental',
          opens_automatically: true,
          input: MK2_PORT,
          output: MK2_PORT,
          usb: '1235:0069',
          ...noAnswer,
        },
        { profile: PRO_MK1, status: 'supported', opens_automatically: true, input: PRO_STANDALONE, output: PRO_STANDALONE, usb: '1235:0051', ...noAnswer },
        {
          profile: 'novation/launchpad/pro-mk3',
          status: 'experimental',
          opens_automatically: false,
          input: PRO_MK3_PORT,
          output: PRO_MK3_PORT,
          usb: '1235:0123',
          ...noAnswer,
        },
      ],
      surfaces: [],
    });
    const text = captureIo('', envFor(home));
    expect(await runCli(['devices'], text.io, [command])).toBe(0);
    expect(text.stdout()).toContain(`novation/launchpad/mini-mk3 [experimental: opens automatically, not yet tested on hardware]\n  input:  ${MINI_MIDI}\n`);
    expect(text.stdout()).toContain(`novation/launchpad/mk2 [experimental: opens automatically, not yet tested on hardware]\n  input:  ${MK2_PORT}\n`);
    expect(text.stdout()).toContain(`novation/launchpad/pro-mk3 [experimental: use --profile novation/launchpad/pro-mk3]\n  input:  ${PRO_MK3_PORT}\n`);
    expect(text.stdout()).toContain(`${PRO_MK1} [supported]\n  input:  ${PRO_STANDALONE}\n  output: ${PRO_STANDALONE}\n`);

    const { catalog } = await loadCatalogFor(text.io);
    const ports = backend.listPorts();
    // §8.3 auto-detection (resolveDevice) keeps to supported profiles ...
    const detected = await resolveDevice({ loadCatalog: async () => catalog, loadProfileFile: async () => catalog.get(PRO_MK1), listPorts: async () => ports });
    expect(detected.profile.id).toBe(PRO_MK1);
    // ... while the daemon also opens the profiles checked against their documents (issue #16).
    const plan = planDevices({ mode: 'auto', profiles: () => catalog.profiles }, pairPorts(ports.inputs, ports.outputs));
    expect(plan.wanted.map((device) => [device.profile.id, device.input])).toEqual([
      ['novation/launchpad/mini-mk3', MINI_MIDI],
      ['novation/launchpad/mk2', MK2_PORT],
      [PRO_MK1, PRO_STANDALONE],
    ]);
  });

  it('scenario 47: doctor with a healthy catalog and one Standalone pair → profiles, midi and devices ok; paths redacted', async () => {
    const home = tempHome();
    const runtimeDir = join(home, 'run'); // inside home: the longer replacement must win
    const backend = new MockMidiBackend().plug(PRO_STANDALONE);
    const command = makeDoctorCommand({ backend: () => backend, probeDaemon: async () => false, ...SILENT });
    const { io, stdout } = captureIo('', envFor(home, { XDG_RUNTIME_DIR: runtimeDir }));
    expect(await runCli(['doctor', '--json'], io, [command])).toBe(0);
    const report = JSON.parse(stdout()) as { overall: string; checks: { name: string; status: string; summary: string; details: any }[] };
    const byName = Object.fromEntries(report.checks.map((check) => [check.name, check]));
    expect(report.checks.map((check) => check.name)).toEqual(['runtime', 'profiles', 'midi', 'devices', 'identity', 'daemon', 'codex_hooks', 'agent_clis']);
    expect(byName['profiles']).toMatchObject({ status: 'ok', summary: '12 device profiles loaded' });
    expect(byName['profiles']!.details.profiles[0]).toEqual({ id: 'ableton/push/push-2', status: 'experimental' });
    expect(byName['midi']).toMatchObject({ status: 'ok', summary: '1 input and 1 output MIDI ports found' });
    expect(byName['devices']).toMatchObject({
      status: 'ok',
      summary: '1 profile/port match',
      details: { matches: [{ profile: PRO_MK1, status: 'supported', input: PRO_STANDALONE, output: PRO_STANDALONE }] },
    });
    expect(byName['identity']).toMatchObject({ status: 'ok', summary: `${PRO_MK1} (USB 1235:0051): did not answer` });
    expect(byName['daemon']!.status).toBe('warning');
    expect(byName['daemon']!.summary).toContain('$XDG_RUNTIME_DIR/pad-lattice.sock');
    expect(byName['codex_hooks']).toMatchObject({ status: 'ok', details: { path: '~/.codex/hooks.json' } });
    expect(report.overall).toBe('warning');
    expect(stdout()).not.toContain(home);
  });

  it('scenario 47: a profile error naming the home folder is shown with ~ and makes doctor fail', async () => {
    const home = tempHome();
    const userRoot = join(home, '.config', 'pad-lattice', 'profiles');
    mkdirSync(userRoot, { recursive: true });
    writeFileSync(join(userRoot, 'broken.json'), '{ not json');
    const backend = new MockMidiBackend();
    const command = makeDoctorCommand({ backend: () => backend, probeDaemon: async () => true, ...SILENT });
    const { io, stdout } = captureIo('', envFor(home));
    expect(await runCli(['doctor'], io, [command])).toBe(1);
    expect(stdout()).toMatch(/error +profiles +~\/\.config\/pad-lattice\/profiles\/broken\.json: /);
    expect(stdout()).toMatch(/warning +midi +no MIDI ports found/);
    expect(stdout()).toMatch(/warning +devices +no device profile matches/);
    expect(stdout()).toMatch(/ok +daemon +a daemon answers on /);
    expect(stdout()).toMatch(/^pad-lattice [\d.]+: error\n/);
    expect(stdout()).not.toContain(home);
  });
});

describe('devices and doctor ask a MIDI device who it is (Device Inquiry F0 7E 7F 06 01 F7)', () => {
  // Launchpad MK2 Programmer's Reference Manual, "Device Inquiry": F0 7E <id> 06 02 00 20 29 69 00 00 00 <4 firmware digits> F7.
  const MK2_IDENTITY = [0xf0, 0x7e, 0x00, 0x06, 0x02, 0x00, 0x20, 0x29, 0x69, 0x00, 0x00, 0x00, 0x00, 0x01, 0x03, 0x08, 0xf7];

  it('devices shows the maker and firmware of a device that answers, and the USB ids of its profile', async () => {
    const home = tempHome();
    const backend = new MockMidiBackend().plug(MK2_PORT).answerIdentity(MK2_PORT, MK2_IDENTITY).plug(PRO_STANDALONE);
    const command = makeDevicesCommand({ backend: () => backend, loadCatalog: loadCatalogFor, ...NO_SERIAL_OR_HID, ...SILENT });
    const text = captureIo('', envFor(home));
    expect(await runCli(['devices'], text.io, [command])).toBe(0);
    expect(text.stdout()).toContain(`  output: ${MK2_PORT}\n  usb:    1235:0069\n  device: Novation, family 0069 member 0000, firmware 138\n`);
    // The Pro Mk1 mock stays silent: its USB ids, and no device line.
    expect(text.stdout()).toContain(`  output: ${PRO_STANDALONE}\n  usb:    1235:0051\n`);
    expect(text.stdout()).not.toMatch(/usb: +1235:0051\n {2}device:/);
    const json = captureIo('', envFor(home));
    expect(await runCli(['devices', '--json'], json.io, [command])).toBe(0);
    const mk2 = (JSON.parse(json.stdout()) as { matches: { profile: string; identity: unknown }[] }).matches.find(
      (m) => m.profile === 'novation/launchpad/mk2',
    );
    expect(mk2?.identity).toEqual({
      manufacturer: '00 20 29',
      family: '0069',
      member: '0000',
      firmware: '00 01 03 08',
      description: 'Novation, family 0069 member 0000, firmware 138',
    });
    // Every port the inquiry opened is closed again.
    expect([...backend.openedInputs, ...backend.openedOutputs].every((port) => !port.isOpen())).toBe(true);
  });

  it('doctor has an identity check naming each matched device and what it said', async () => {
    const home = tempHome();
    const backend = new MockMidiBackend().plug(MK2_PORT).answerIdentity(MK2_PORT, MK2_IDENTITY);
    const command = makeDoctorCommand({ backend: () => backend, probeDaemon: async () => false, ...SILENT });
    const { io, stdout } = captureIo('', envFor(home));
    await runCli(['doctor'], io, [command]);
    expect(stdout()).toMatch(/ok +identity +novation\/launchpad\/mk2 \(USB 1235:0069\): Novation, family 0069 member 0000, firmware 138\n/);
  });
});

describe('monitor-midi', () => {
  it('prints each message of a file input with its meaning and the pressed address', async () => {
    const home = tempHome();
    const file = join(home, 'presses.txt');
    writeFileSync(file, 'B0 5B 7F\n90 0B 64\nB0 5B 00\nF0 00 20 29 F7\nzz\n');
    const command = makeMonitorMidiCommand({ backend: () => new MockMidiBackend() });
    const { io, stdout, stderr } = captureIo('', envFor(home));
    expect(await runCli(['monitor-midi', '--input', `file:${file}`], io, [command])).toBe(0);
    const lines = stdout().trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/ B0 5B 7F +control change channel 0 cc 91 value 127 {2}→ press \{"kind":"cc","number":91,"channel":0\}$/);
    expect(lines[1]).toMatch(/ 90 0B 64 +note on channel 0 note 11 velocity 100 {2}→ press \{"kind":"note","number":11,"channel":0\}$/);
    expect(lines[2]).toMatch(/control change channel 0 cc 91 value 0$/);
    expect(lines[3]).toMatch(/sysex 5 bytes$/);
    expect(stderr()).toContain('line 5');
  });

  it('picks the only input, stops after --seconds, and --json gives one object per message', async () => {
    const backend = new MockMidiBackend().plug(PRO_STANDALONE);
    const command = makeMonitorMidiCommand({ backend: () => backend });
    const { io, stdout } = captureIo('', envFor(tempHome()));
    const running = runCli(['monitor-midi', '--seconds', '0.2', '--json'], io, [command]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    backend.openedInputs[0]!.injectHex('B0 4F 7F');
    expect(await running).toBe(0);
    const message = JSON.parse(stdout().trim()) as Record<string, unknown>;
    expect(message).toMatchObject({
      bytes: 'B0 4F 7F',
      kind: 'control change',
      channel: 0,
      detail: 'cc 79 value 127',
      press: { kind: 'cc', number: 79, channel: 0 },
    });
    expect(backend.openedInputs[0]!.isOpen()).toBe(false);
  });

  it('needs --input unless there is exactly one input, listing what there is', async () => {
    const backend = new MockMidiBackend().plug('A').plug('B');
    const command = makeMonitorMidiCommand({ backend: () => backend });
    const two = captureIo('', envFor(tempHome()));
    expect(await runCli(['monitor-midi'], two.io, [command])).toBe(1);
    expect(two.stderr()).toContain("choose an input with --input NAME (available: 'A', 'B')");
    const none = captureIo('', envFor(tempHome()));
    expect(await runCli(['monitor-midi'], none.io, [makeMonitorMidiCommand({ backend: () => new MockMidiBackend() })])).toBe(1);
    expect(none.stderr()).toContain('(available: none)');
  });
});

describe('profile test (command)', () => {
  it('runs the guided test on mock ports: answers from stdin, presses as asked, report written', async () => {
    const home = tempHome();
    const report = join(home, 'out', 'report.json');
    const backend = new MockMidiBackend().plug(PRO_STANDALONE).plug(PRO_LIVE);
    const { io, stdout } = captureIo('y\n'.repeat(9), envFor(home));
    const presses: Record<string, string> = { APPROVE: 'B0 5B 7F', REJECT: 'B0 5C 7F', STOP: 'B0 62 7F', RETRY: 'B0 61 7F' };
    (io.stdout as PassThrough).on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      const action = /Press the (\w+) control/.exec(text)?.[1];
      const selector = /Press agent selector (\d)/.exec(text)?.[1];
      const hex =
        action !== undefined ? presses[action] : selector !== undefined ? `B0 ${(99 - 10 * Number(selector)).toString(16).toUpperCase()} 7F` : undefined;
      if (hex !== undefined) backend.openedInputs[0]!.injectHex(hex);
    });
    const deps = { backend: () => backend, sleep: (s: number) => new Promise<void>((r) => setTimeout(r, s * 1000)), now: () => performance.now() / 1000 };
    const code = await runProfileTest([PRO_MK1, '--report', report, '--settle-delay', '0', '--event-timeout', '10'], io, deps);
    expect(stdout()).toContain(`PASSED: report written to ${report}`);
    expect(code).toBe(0);
    const saved = JSON.parse(readFileSync(report, 'utf8')) as Record<string, any>;
    expect(saved['passed']).toBe(true);
    expect(saved['device']).toMatchObject({ profile_id: PRO_MK1, input_port: PRO_STANDALONE, output_port: PRO_STANDALONE });
    expect(saved['environment']).toHaveProperty('node', process.versions.node);
    expect(backend.openedOutputs).toHaveLength(1);
    expect(backend.openedOutputs[0]!.isOpen()).toBe(false);
    expect(stdout()).toContain('Is a white question mark (waiting_for_reply) visible? [y/N] ');
  });

  it('FAILED lists each failed check with why and what to fix', async () => {
    const home = tempHome();
    const report = join(home, 'report.json');
    const backend = new MockMidiBackend().plug(PRO_STANDALONE).plug(PRO_LIVE);
    // idle, then running … cancelled (error is the sixth state), then overflow: everything seen but the red X.
    const { io, stdout } = captureIo('y\ny\ny\ny\ny\ny\nn\ny\ny\n', envFor(home));
    // STOP is never pressed, nor agent selector 3.
    const presses: Record<string, string> = { APPROVE: 'B0 5B 7F', REJECT: 'B0 5C 7F', RETRY: 'B0 61 7F' };
    (io.stdout as PassThrough).on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      const action = /Press the (\w+) control/.exec(text)?.[1];
      const selector = /Press agent selector (\d)/.exec(text)?.[1];
      const hex =
        action !== undefined
          ? presses[action]
          : selector !== undefined && selector !== '3'
            ? `B0 ${(99 - 10 * Number(selector)).toString(16).toUpperCase()} 7F`
            : undefined;
      if (hex !== undefined) backend.openedInputs[0]!.injectHex(hex);
    });
    let clock = 0;
    const deps = { backend: () => backend, sleep: async (s: number) => void (clock += s), now: () => clock };
    expect(await runProfileTest([PRO_MK1, '--report', report, '--settle-delay', '0', '--event-timeout', '2'], io, deps)).toBe(1);
    const out = stdout();
    expect(out).toContain(`FAILED 3 of 21 checks: report written to ${report}\n`);
    const listed = out.slice(out.indexOf('FAILED')).split('\n').slice(1, 4);
    expect(listed).toEqual([
      `  visual error: you did not see a red X. Fix grid.rows and palette.states.error in the profile: 'pad-lattice render --profile ${PRO_MK1}' shows the messages sent for it, compare them with the controller's programmer's manual`,
      "  action stop: no press of the STOP control arrived within 2 s. Fix surface.actions.stop (its kind, channel and number) to what the control sends ('pad-lattice monitor-midi' shows it as you press)",
      "  agent selector 3: no press arrived within 2 s. Fix surface.agent_selectors[2] to what the control sends ('pad-lattice monitor-midi' shows it as you press)",
    ]);
    expect(out).toContain("Change the profile, check it with 'pad-lattice profile validate', and run the test again.");
  });

  it('answers "no" at end of input, so a test without answers fails but completes', async () => {
    const home = tempHome();
    const report = join(home, 'report.json');
    const backend = new MockMidiBackend().plug(PRO_STANDALONE);
    const { io } = captureIo('', envFor(home));
    const deps = {
      backend: () => backend,
      sleep: async () => undefined,
      now: (() => {
        let t = 0;
        return () => (t += 1);
      })(),
    };
    expect(await runProfileTest([PRO_MK1, '--report', report, '--event-timeout', '3'], io, deps)).toBe(1);
    const saved = JSON.parse(readFileSync(report, 'utf8')) as Record<string, any>;
    expect(saved['results']).toMatchObject({ completed: true, failure_stage: null, visual: { idle: false } });
  });

  it('needs a profile and a report path', async () => {
    const io = captureIo('', envFor(tempHome()));
    expect(await runCli(['profile', 'test', '--report', 'x.json'], io.io)).toBe(2);
    expect(io.stderr()).toContain('needs a profile id or --profile-file');
    const io2 = captureIo('', envFor(tempHome()));
    expect(await runCli(['profile', 'test', PRO_MK1], io2.io)).toBe(2);
    expect(io2.stderr()).toContain('needs --report FILE');
  });

  it('reports a device that cannot be found, naming the profile', async () => {
    const home = tempHome();
    const { io, stderr } = captureIo('', envFor(home));
    const deps = { backend: () => new MockMidiBackend(), sleep: async () => undefined, now: () => 0 };
    expect(await runProfileTest([PRO_MK1, '--report', join(home, 'r.json')], io, deps)).toBe(1);
    expect(stderr()).toContain(`pad-lattice profile test: no MIDI input matched profile ${PRO_MK1}`);
  });
});
