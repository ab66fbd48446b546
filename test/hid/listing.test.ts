import { describe, expect, it } from 'vitest';
import { HidUnavailableError } from '../../src/hid/errors.js';
import { describeHidDevice, hidDeviceJson, listHidDevices } from '../../src/hid/listing.js';
import { MockHidBackend } from '../hardware-mocks/mock-hid.js';

const PAD = { vendorId: 0x1235, productId: 0x113, path: '/dev/hidraw3', manufacturer: 'Maker', product: 'Pad', usagePage: 0xff00, usage: 1 };

describe('HID device listing for diagnostics', () => {
  it('returns the devices, or the plain reason when the backend cannot list', async () => {
    expect(await listHidDevices(() => new MockHidBackend().plug(PAD))).toEqual({ available: true, devices: [PAD] });
    const unavailable = new HidUnavailableError('system-library-missing', 'libusb-1.0.so.0: cannot open shared object file: No such file or directory');
    const failing = () => ({ list: () => Promise.reject(unavailable), open: () => Promise.reject(unavailable) });
    expect(await listHidDevices(failing)).toEqual({ available: false, reason: 'HID support is unavailable: libusb-1.0.so.0 not found: install libusb-1.0-0' });
  });

  it('describes a device on one line: path, name, ids and usage in hex', () => {
    expect(describeHidDevice(PAD)).toBe('/dev/hidraw3  Maker Pad  1235:0113  usage ff00:01');
    expect(describeHidDevice({ vendorId: 1, productId: 2, path: '/dev/hidraw0', product: '' })).toBe('/dev/hidraw0  0001:0002');
  });

  it('gives snake_case JSON with null for what is unknown', () => {
    expect(hidDeviceJson({ vendorId: 1, productId: 2, path: '/dev/hidraw0' })).toEqual({
      path: '/dev/hidraw0',
      vendor_id: 1,
      product_id: 2,
      product: null,
      manufacturer: null,
      serial_number: null,
      usage_page: null,
      usage: null,
    });
  });
});
