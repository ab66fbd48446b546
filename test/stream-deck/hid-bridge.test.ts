import { describe, expect, it } from 'vitest';
import { HidBridge } from '../../src/stream-deck/hid-bridge.js';
import { MockHidDevice } from '../hardware-mocks/mock-hid.js';
import { eventually } from '../e2e/helpers.js';

const INFO = { path: '/dev/hidraw1', vendorId: 0x0fd9, productId: 0x0080 };

describe('HidBridge: our HID device as the Stream Deck library sees it', () => {
  it('turns input reports with report id 1 into input events (without the id) and ignores others', async () => {
    const device = new MockHidDevice();
    const bridge = new HidBridge(device, INFO);
    const inputs: number[][] = [];
    bridge.on('input', (data) => inputs.push([...data]));
    device.emitReport([0x02, 9, 9]);
    device.emitReport([0x01, 0x00, 0x0f, 0x00, 1]);
    await eventually(() => inputs.length === 1, 'the input event');
    expect(inputs).toEqual([[0x00, 0x0f, 0x00, 1]]);
    expect(await bridge.getDeviceInfo()).toEqual(INFO);
    await bridge.close();
    expect(device.isOpen).toBe(false);
  });

  it('writes reports in order and reports the first failure once as an error event', async () => {
    const device = new MockHidDevice(8);
    const bridge = new HidBridge(device, INFO);
    const errors: unknown[] = [];
    bridge.on('error', (error) => errors.push(error));
    await bridge.sendReports([Uint8Array.of(0, 1), Uint8Array.of(0, 2)]);
    await bridge.sendFeatureReport(Uint8Array.of(3, 8, 50));
    expect(device.writes.map((w) => [...w])).toEqual([
      [0, 1],
      [0, 2],
    ]);
    expect(device.featureReports.map((r) => [...r])).toEqual([[3, 8, 50]]);
    await expect(bridge.sendReports([new Uint8Array(20)])).rejects.toThrow(/exceed/);
    await expect(bridge.sendReports([new Uint8Array(20)])).rejects.toThrow(/exceed/);
    expect(errors).toHaveLength(1);
    await bridge.close();
  });
});
