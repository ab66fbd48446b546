import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDevicesCommand } from '../../src/cli/commands/devices.js';
import { loadStreamDeckLibrary } from '../../src/stream-deck/library.js';
import { loadCatalogFor } from '../../src/cli/commands/profile-context.js';
import { runCli } from '../../src/cli/main.js';
import { runDoctor, type DoctorSources } from '../../src/diagnostics/doctor/index.js';
import type { HidBackend } from '../../src/hid/hid-device.js';
import { createNodeHidBackend } from '../../src/hid/node-hid-backend.js';
import { MidiUnavailableError } from '../../src/midi/errors.js';
import { SerialUnavailableError } from '../../src/serial/errors.js';
import type { SerialBackend } from '../../src/serial/serial-port.js';
import { MockHidBackend } from '../hardware-mocks/mock-hid.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { MockSerialBinding } from '../hardware-mocks/mock-serial.js';
import { PRO_MK1, PRO_STANDALONE } from '../midi-grid/helpers.js';
import { captureIo } from '../helpers/capture-io.js';

/*
 * The serial and HID backends where a user meets them: the doctor's serial_backend and
 * hid_backend checks and `devices --all`, all with fake backends (this file covers both
 * drivers; it lives with the serial tests only because it needs one home).
 */

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempHome(): string {
  const home = mkdtempSync(join(tmpdir(), 'pl-drivers-home-'));
  folders.push(home);
  return home;
}

const MONOME = { manufacturer: 'monome', vendorId: 0x0403, productId: 0x6001, serialNumber: 'm1000123' };
const PAD = { vendorId: 0x1235, productId: 0x0113, path: '/dev/hidraw3', manufacturer: 'Maker', product: 'Pad', usagePage: 0xff00, usage: 1 };
const LIBUSB_MISSING = 'HID support is unavailable: libusb-1.0.so.0 not found: install libusb-1.0-0';

/** The real node-hid adapter, with a loader that fails the way this machine's does without libusb. */
const hidWithoutLibusb = (): HidBackend =>
  createNodeHidBackend({
    load: () => {
      throw new Error('libusb-1.0.so.0: cannot open shared object file: No such file or directory');
    },
  });

const unavailableSerial = (detail: string): SerialBackend => {
  const error = new SerialUnavailableError('listing-failed', detail);
  return { list: () => Promise.reject(error), open: () => Promise.reject(error) };
};

function doctorSources(home: string, more: Partial<DoctorSources>): DoctorSources {
  const { io } = captureIo('', { HOME: home });
  const midi = new MockMidiBackend().plug(PRO_STANDALONE);
  return {
    runtime: { node: '20.11.0', system: 'Linux', release: '6.1.0', version: '0.1.0' },
    loadCatalog: () => loadCatalogFor(io),
    listPorts: () => midi.listPorts(),
    socketPath: join(home, 'pad-lattice.sock'),
    probeDaemon: async () => true,
    redaction: { home },
    ...more,
  };
}

describe('doctor: serial_backend and hid_backend', () => {
  it('reports device counts when both backends list, after the devices check', async () => {
    const home = tempHome();
    const serial = new MockSerialBinding().createPort('/dev/ttyACM0', MONOME).createPort('/dev/ttyS0');
    const report = await runDoctor(doctorSources(home, { serialBackend: () => serial, hidBackend: () => new MockHidBackend().plug(PAD) }));
    expect(report.checks.map((check) => check.name)).toEqual(['runtime', 'profiles', 'midi', 'devices', 'serial_backend', 'hid_backend', 'daemon']);
    const byName = Object.fromEntries(report.checks.map((check) => [check.name, check]));
    expect(byName['serial_backend']).toMatchObject({ status: 'ok', summary: '2 serial ports found' });
    expect(byName['serial_backend']!.details['ports']).toEqual([
      { path: '/dev/ttyACM0', manufacturer: 'monome', vendor_id: 0x0403, product_id: 0x6001, serial_number: 'm1000123' },
      { path: '/dev/ttyS0', manufacturer: null, vendor_id: null, product_id: null, serial_number: null },
    ]);
    expect(byName['hid_backend']).toMatchObject({ status: 'ok', summary: '1 HID device found' });
    expect(report.overall).toBe('ok');
  });

  it('an unavailable backend is a warning with its plain reason (redacted), never an error', async () => {
    const home = tempHome();
    const sources = doctorSources(home, {
      serialBackend: () => unavailableSerial(`udevadm failed reading ${home}/.udev`),
      hidBackend: hidWithoutLibusb,
    });
    const report = await runDoctor(sources);
    const byName = Object.fromEntries(report.checks.map((check) => [check.name, check]));
    expect(byName['serial_backend']).toEqual({
      name: 'serial_backend',
      status: 'warning',
      summary: 'serial ports cannot be listed (udevadm failed reading ~/.udev)',
      details: {},
    });
    expect(byName['hid_backend']).toEqual({ name: 'hid_backend', status: 'warning', summary: LIBUSB_MISSING, details: {} });
    expect(report.overall).toBe('warning');
  });

  it("surfaces: the grids and Stream Decks among the listings, with the library's models", async () => {
    const home = tempHome();
    const serial = () => new MockSerialBinding().createPort('/dev/ttyACM0', MONOME).createPort('/dev/ttyS0');
    const hid = () => new MockHidBackend().plug(PAD).plug({ path: '/dev/hidraw5', vendorId: 0x0fd9, productId: 0x006c });
    const report = await runDoctor(doctorSources(home, { serialBackend: serial, hidBackend: hid, deckModels: () => loadStreamDeckLibrary().models }));
    expect(report.checks.map((check) => check.name)).toEqual(['runtime', 'profiles', 'midi', 'devices', 'serial_backend', 'hid_backend', 'surfaces', 'daemon']);
    expect(report.checks.find((check) => check.name === 'surfaces')).toEqual({
      name: 'surfaces',
      status: 'ok',
      summary: '1 monome grid and 1 Stream Deck connected',
      details: {
        surfaces: [
          { kind: 'serial', device: 'monome grid', path: '/dev/ttyACM0', serial_number: 'm1000123' },
          { kind: 'hid', device: 'Stream Deck XL', path: '/dev/hidraw5', serial_number: null },
        ],
      },
    });
    const none = await runDoctor(
      doctorSources(home, {
        serialBackend: () => new MockSerialBinding(),
        hidBackend: () => new MockHidBackend(),
        deckModels: () => {
          throw new Error('no library');
        },
      }),
    );
    expect(none.checks.find((check) => check.name === 'surfaces')?.summary).toBe('no monome grid or Stream Deck connected');
  });

  it('leaves both checks out when no backend is given', async () => {
    const report = await runDoctor(doctorSources(tempHome(), {}));
    expect(report.checks.map((check) => check.name)).toEqual(['runtime', 'profiles', 'midi', 'devices', 'daemon']);
  });
});

describe('devices --all', () => {
  const command = (serial: () => SerialBackend, hid: () => HidBackend) =>
    makeDevicesCommand({
      backend: () => new MockMidiBackend().plug(PRO_STANDALONE),
      loadCatalog: loadCatalogFor,
      serialBackend: serial,
      hidBackend: hid,
      identityTimeoutMs: 50,
    });
  // The mock Launchpad does not implement the Device Inquiry.
  const MATCH = {
    profile: PRO_MK1,
    status: 'supported',
    opens_automatically: true,
    input: PRO_STANDALONE,
    output: PRO_STANDALONE,
    usb: '1235:0051',
    identity: null,
    identity_unavailable: 'no answer to a Device Inquiry within 50 ms',
  };

  it('adds serial ports and HID devices to the JSON, or why they cannot be listed', async () => {
    const serial = new MockSerialBinding().createPort('/dev/ttyACM0', MONOME);
    const { io, stdout } = captureIo('', { NO_COLOR: '1', HOME: tempHome() });
    expect(await runCli(['devices', '--all', '--json'], io, [command(() => serial, hidWithoutLibusb)])).toBe(0);
    expect(JSON.parse(stdout())).toEqual({
      matches: [MATCH],
      surfaces: [{ kind: 'serial', device: 'monome grid', path: '/dev/ttyACM0', serial_number: 'm1000123' }],
      serial: { available: true, ports: [{ path: '/dev/ttyACM0', manufacturer: 'monome', vendor_id: 0x0403, product_id: 0x6001, serial_number: 'm1000123' }] },
      hid: { available: false, reason: LIBUSB_MISSING },
    });
  });

  it('prints a section each after the matches', async () => {
    const { io, stdout } = captureIo('', { NO_COLOR: '1', HOME: tempHome() });
    const serial = () => unavailableSerial('udevadm exited with error code: 1');
    expect(await runCli(['devices', '--all'], io, [command(serial, () => new MockHidBackend().plug(PAD))])).toBe(0);
    expect(stdout()).toBe(
      `${PRO_MK1} [supported]\n  input:  ${PRO_STANDALONE}\n  output: ${PRO_STANDALONE}\n  usb:    1235:0051\n` +
        'serial ports cannot be listed (udevadm exited with error code: 1)\n' +
        'HID devices:\n  /dev/hidraw3  Maker Pad  1235:0113  usage ff00:01\n',
    );
    const empty = captureIo('', { NO_COLOR: '1', HOME: tempHome() });
    expect(
      await runCli(['devices', '--all'], empty.io, [
        command(
          () => new MockSerialBinding(),
          () => new MockHidBackend(),
        ),
      ]),
    ).toBe(0);
    expect(empty.stdout()).toMatch(/\nserial ports: none\nHID devices: none\n$/);
  });

  it('still lists serial and HID when MIDI is unavailable, keeping exit 3', async () => {
    const midi = new MockMidiBackend();
    midi.setUnavailable(new MidiUnavailableError('system-unavailable', 'Failed to initialise RtMidi'));
    const devices = makeDevicesCommand({
      backend: () => midi,
      loadCatalog: loadCatalogFor,
      serialBackend: () => new MockSerialBinding().createPort('/dev/ttyACM0', MONOME),
      hidBackend: hidWithoutLibusb,
    });
    const json = captureIo('', { NO_COLOR: '1', HOME: tempHome() });
    expect(await runCli(['devices', '--all', '--json'], json.io, [devices])).toBe(3);
    expect(json.stderr()).toContain('MIDI support is unavailable');
    expect(JSON.parse(json.stdout())).toEqual({
      surfaces: [{ kind: 'serial', device: 'monome grid', path: '/dev/ttyACM0', serial_number: 'm1000123' }],
      serial: { available: true, ports: [{ path: '/dev/ttyACM0', manufacturer: 'monome', vendor_id: 0x0403, product_id: 0x6001, serial_number: 'm1000123' }] },
      hid: { available: false, reason: LIBUSB_MISSING },
    });
    const text = captureIo('', { NO_COLOR: '1', HOME: tempHome() });
    expect(await runCli(['devices', '--all'], text.io, [devices])).toBe(3);
    expect(text.stdout()).toBe(
      `monome grid [serial]\n  port: /dev/ttyACM0 (m1000123)\nserial ports:\n  /dev/ttyACM0  monome  0403:6001  serial m1000123\n${LIBUSB_MISSING}\n`,
    );
  });

  it('without --all lists only the grids and Stream Decks among them, beside the MIDI matches', async () => {
    const serial = () => new MockSerialBinding().createPort('/dev/ttyACM0', MONOME).createPort('/dev/ttyS0');
    const hid = () => new MockHidBackend().plug(PAD).plug({ path: '/dev/hidraw5', vendorId: 0x0fd9, productId: 0x0080, serialNumber: 'CL12' });
    const { io, stdout } = captureIo('', { NO_COLOR: '1', HOME: tempHome() });
    expect(await runCli(['devices', '--json'], io, [command(serial, hid)])).toBe(0);
    expect(JSON.parse(stdout())).toEqual({
      matches: [MATCH],
      surfaces: [
        { kind: 'serial', device: 'monome grid', path: '/dev/ttyACM0', serial_number: 'm1000123' },
        { kind: 'hid', device: 'Stream Deck MK.2', path: '/dev/hidraw5', serial_number: 'CL12' },
      ],
    });
    const text = captureIo('', { NO_COLOR: '1', HOME: tempHome() });
    expect(await runCli(['devices'], text.io, [command(serial, hid)])).toBe(0);
    expect(text.stdout()).toContain('monome grid [serial]\n  port: /dev/ttyACM0 (m1000123)\nStream Deck MK.2 [hid]\n  device: /dev/hidraw5 (CL12)\n');
  });
});
