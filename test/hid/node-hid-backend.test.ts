import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HidDeviceError, HidUnavailableError } from '../../src/hid/errors.js';
import { createNodeHidBackend, type NodeHidModule } from '../../src/hid/node-hid-backend.js';
import { MockHidDevice } from '../hardware-mocks/mock-hid.js';

/** A fake node-hid; each part can be replaced. */
const fakeNodeHid = (parts: Partial<NodeHidModule> = {}): NodeHidModule => ({
  getHidapiVersion: parts.getHidapiVersion ?? (() => '0.14.0'),
  devicesAsync: parts.devicesAsync ?? (async () => []),
  HIDAsync: parts.HIDAsync ?? { open: async (path) => Promise.reject(new Error(`cannot open device with path ${path}`)) },
});

/** The dynamic loader's words when a library node-hid links is not installed. */
const dlopenFailure = (library: string) =>
  Object.assign(new Error(`${library}: cannot open shared object file: No such file or directory`), { code: 'ERR_DLOPEN_FAILED' });

/** Both of node-hid's Linux builds link libusb-1.0; the loader cache says whether it is installed. */
function libusbMissingHere(): boolean {
  if (process.platform !== 'linux') return false;
  for (const ldconfig of ['ldconfig', '/sbin/ldconfig', '/usr/sbin/ldconfig']) {
    const probe = spawnSync(ldconfig, ['-p'], { encoding: 'utf8' });
    if (probe.error === undefined) return !probe.stdout.includes('libusb-1.0.so.0');
  }
  throw new Error('cannot probe for libusb: ldconfig not found');
}

describe('node-hid backend on this machine', () => {
  it('loads node-hid and lists devices, or names the missing libusb', async () => {
    const backend = createNodeHidBackend();
    if (libusbMissingHere()) {
      const error = await backend.list().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(HidUnavailableError);
      expect(error).toMatchObject({ reason: 'system-library-missing' });
      expect((error as Error).message).toBe('HID support is unavailable: libusb-1.0.so.0 not found: install libusb-1.0-0');
    } else {
      const devices = await backend.list();
      for (const device of devices) {
        expect(typeof device.path).toBe('string');
        expect(Number.isInteger(device.vendorId)).toBe(true);
      }
    }
  });

  it('opening a path that does not exist fails as a device error (or HID is unavailable as a whole)', async () => {
    const error = await createNodeHidBackend()
      .open('/dev/pad-lattice-no-such-hidraw')
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    if (libusbMissingHere()) {
      expect(error).toMatchObject({ name: 'HidUnavailableError', reason: 'system-library-missing' });
    } else {
      expect(error).toBeInstanceOf(HidDeviceError);
      expect(error).not.toBeInstanceOf(HidUnavailableError);
      expect((error as Error).message).toContain('cannot open HID device /dev/pad-lattice-no-such-hidraw');
    }
  });
});

describe('node-hid backend error mapping', () => {
  it('loads lazily; a module that will not load is "library-missing"', async () => {
    let loads = 0;
    const backend = createNodeHidBackend({
      load: () => {
        loads += 1;
        throw new Error("Cannot find module 'node-hid'");
      },
    });
    expect(loads).toBe(0);
    const error = await backend.list().catch((caught: unknown) => caught);
    expect(loads).toBe(1);
    expect(error).toBeInstanceOf(HidUnavailableError);
    expect(error).toMatchObject({ reason: 'library-missing', detail: "Cannot find module 'node-hid'" });
    expect((error as Error).message).toContain('the node-hid module could not be loaded');
  });

  it('forces the native load up front, so a missing libusb or libudev is named with its package', async () => {
    const libusb = createNodeHidBackend({
      load: () =>
        fakeNodeHid({
          getHidapiVersion: () => {
            throw dlopenFailure('libusb-1.0.so.0');
          },
        }),
    });
    await expect(libusb.list()).rejects.toThrow('HID support is unavailable: libusb-1.0.so.0 not found: install libusb-1.0-0');
    await expect(libusb.open('/dev/hidraw0')).rejects.toMatchObject({ reason: 'system-library-missing' });
    const libudev = createNodeHidBackend({
      load: () =>
        fakeNodeHid({
          getHidapiVersion: () => {
            throw dlopenFailure('libudev.so.1');
          },
        }),
    });
    await expect(libudev.list()).rejects.toThrow('HID support is unavailable: libudev.so.1 not found: install libudev1');
    const other = createNodeHidBackend({
      load: () =>
        fakeNodeHid({
          getHidapiVersion: () => {
            throw dlopenFailure('libfoo.so.2');
          },
        }),
    });
    await expect(other.list()).rejects.toThrow('libfoo.so.2 not found: install the package that provides it');
  });

  it('treats a native load failure that names no library as a broken install', async () => {
    const backend = createNodeHidBackend({
      load: () =>
        fakeNodeHid({
          getHidapiVersion: () => {
            throw new Error('No native build was found for platform=linux arch=x64');
          },
        }),
    });
    await expect(backend.list()).rejects.toMatchObject({ reason: 'library-missing' });
  });

  it('maps a failing listing to "listing-failed" and a failing open to a device error naming the path', async () => {
    const backend = createNodeHidBackend({ load: () => fakeNodeHid({ devicesAsync: async () => Promise.reject(new Error('hid_enumerate failed')) }) });
    await expect(backend.list()).rejects.toThrow('HID devices cannot be listed (hid_enumerate failed)');
    const error = await backend.open('/dev/hidraw7').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HidDeviceError);
    expect(error).not.toBeInstanceOf(HidUnavailableError);
    expect((error as Error).message).toMatch(/^cannot open HID device \/dev\/hidraw7: cannot open device with path \/dev\/hidraw7 /);
  });

  it('lists the fields drivers match on and leaves out devices without a path', async () => {
    const pad = {
      vendorId: 0x1235,
      productId: 0x0113,
      path: '/dev/hidraw3',
      product: 'Pad',
      manufacturer: 'Maker',
      serialNumber: 'S1',
      release: 1,
      interface: 0,
      usagePage: 0xff00,
      usage: 1,
    };
    const backend = createNodeHidBackend({ load: () => fakeNodeHid({ devicesAsync: async () => [pad, { vendorId: 1, productId: 2 }] }) });
    expect(await backend.list()).toEqual([
      {
        vendorId: 0x1235,
        productId: 0x0113,
        path: '/dev/hidraw3',
        product: 'Pad',
        manufacturer: 'Maker',
        serialNumber: 'S1',
        usagePage: 0xff00,
        usage: 1,
        interfaceNumber: 0,
      },
    ]);
  });
});

describe('node-hid backend device wrapper', () => {
  it('passes reports through, a Uint8Array view as its own bytes', async () => {
    const mock = new MockHidDevice(8);
    const backend = createNodeHidBackend({ load: () => fakeNodeHid({ HIDAsync: { open: async () => mock } }) });
    const device = await backend.open('/dev/hidraw3');
    const bytes = new Uint8Array([9, 0x00, 0x11, 0x22, 9]);
    expect(await device.write(bytes.subarray(1, 4))).toBe(3);
    expect(await device.sendFeatureReport([0x02, 0x7f])).toBe(2);
    expect(mock.writes.map((report) => [...report])).toEqual([[0x00, 0x11, 0x22]]);
    expect(mock.featureReports.map((report) => [...report])).toEqual([[0x02, 0x7f]]);

    mock.setFeatureReport([0x05, 1, 2, 3]);
    expect([...(await device.getFeatureReport(0x05, 3))]).toEqual([0x05, 1, 2]);
    mock.emitReport([0x01, 0x40]);
    expect([...((await device.read(50)) ?? [])]).toEqual([0x01, 0x40]);
    await device.close();
    expect(mock.isOpen).toBe(false);
  });
});
