import { describe, expect, it } from 'vitest';
import { MockHidDevice } from './mock-hid.js';

describe('MockHidDevice', () => {
  it('records output and feature reports separately, report id included', async () => {
    const device = new MockHidDevice(8);
    expect(await device.write([0x00, 0x01, 0x02])).toBe(3);
    expect(await device.sendFeatureReport(Buffer.from([0x03, 0xff]))).toBe(2);
    expect(device.writes.map((b) => [...b])).toEqual([[0x00, 0x01, 0x02]]);
    expect(device.featureReports.map((b) => [...b])).toEqual([[0x03, 0xff]]);
  });

  it('rejects empty, oversized and non-byte reports', async () => {
    const device = new MockHidDevice(2);
    await expect(device.write([])).rejects.toThrow(/report id/);
    await expect(device.write([0, 1, 2, 3])).rejects.toThrow(/exceed/);
    await expect(device.sendFeatureReport([0, 256])).rejects.toThrow(/not a byte/);
    expect(device.writes).toEqual([]);
    expect(device.featureReports).toEqual([]);
  });

  it('reads queued reports first, then waits for the next one', async () => {
    const device = new MockHidDevice();
    device.emitReport([1, 2]);
    expect([...((await device.read()) ?? [])]).toEqual([1, 2]);
    const pending = device.read();
    device.emitReport([3]);
    expect([...((await pending) ?? [])]).toEqual([3]);
  });

  it('resolves a read with undefined when its timeout passes without a report', async () => {
    const device = new MockHidDevice();
    expect(await device.read(1)).toBeUndefined();
  });

  it('refuses everything after close and fails a pending read', async () => {
    const device = new MockHidDevice();
    const pending = device.read();
    await device.close();
    await expect(pending).rejects.toThrow(/closed/);
    await expect(device.write([0])).rejects.toThrow(/closed/);
    await expect(device.sendFeatureReport([0])).rejects.toThrow(/closed/);
    await expect(device.read()).rejects.toThrow(/closed/);
    await expect(device.close()).rejects.toThrow(/already closed/);
  });
});
