import { describe, expect, it } from 'vitest';
import type { HidBackend, HidDevice } from '../../src/hid/hid-device.js';
import { MockHidBackend, MockHidDevice } from '../hardware-mocks/mock-hid.js';

const PAD = { vendorId: 0x1235, productId: 0x0113, path: '/dev/hidraw3', product: 'Pad', usagePage: 0xff00, usage: 1 };

describe('mock HID as a HidBackend and HidDevice', () => {
  it('conforms at compile time', () => {
    const device = new MockHidDevice() satisfies HidDevice;
    const backend = new MockHidBackend().plug(PAD, device) satisfies HidBackend;
    expect(backend.device(PAD.path)).toBe(device);
  });

  it('lists, opens, writes, reads and exchanges feature reports through the interface', async () => {
    const mock = new MockHidDevice(4);
    mock.setFeatureReport([0x03, 0xaa, 0xbb, 0xcc]);
    const backend: HidBackend = new MockHidBackend().plug(PAD, mock);
    expect(await backend.list()).toEqual([PAD]);
    await expect(backend.open('/dev/hidraw9')).rejects.toThrow(/cannot open device with path \/dev\/hidraw9/);

    const device: HidDevice = await backend.open(PAD.path);
    expect(await device.write(new Uint8Array([0x00, 0x90, 0x3c]))).toBe(3);
    expect(mock.writes.map((report) => [...report])).toEqual([[0x00, 0x90, 0x3c]]);
    expect([...(await device.getFeatureReport(0x03, 2))]).toEqual([0x03, 0xaa]);
    await expect(device.getFeatureReport(0x04, 2)).rejects.toThrow(/feature report 4/);
    await expect(device.getFeatureReport(0x03, 0)).rejects.toThrow(/no room for the report id/);
    expect(await device.read(1)).toBeUndefined();
    mock.emitReport([0x01, 0x02]);
    expect([...((await device.read(1)) ?? [])]).toEqual([0x01, 0x02]);

    await device.close();
    await expect(device.getFeatureReport(0x03, 2)).rejects.toThrow(/closed/);
    await expect(backend.open(PAD.path)).rejects.toThrow(/closed mock device/);
  });
});
