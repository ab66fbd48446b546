import { describe, expect, it } from 'vitest';
import { MockSerialBinding } from './mock-serial.js';

describe('MockSerialBinding', () => {
  it('lists created ports and refuses unknown paths, bad baud rates and double opens', async () => {
    const binding = new MockSerialBinding().createPort('/dev/ttyACM0', { manufacturer: 'Arduino' });
    expect(await binding.list()).toEqual([{ path: '/dev/ttyACM0', manufacturer: 'Arduino' }]);
    await expect(binding.open({ path: '/dev/ttyUSB9', baudRate: 115200 })).rejects.toThrow(/does not exist/);
    await expect(binding.open({ path: '/dev/ttyACM0', baudRate: 0 })).rejects.toThrow(/baudRate/);
    await binding.open({ path: '/dev/ttyACM0', baudRate: 115200 });
    await expect(binding.open({ path: '/dev/ttyACM0', baudRate: 115200 })).rejects.toThrow(/locked/);
  });

  it('records writes as copies and concatenated', async () => {
    const port = await new MockSerialBinding().createPort('/dev/ttyACM0').open({ path: '/dev/ttyACM0', baudRate: 9600 });
    const chunk = Buffer.from([1, 2]);
    await port.write(chunk);
    chunk[0] = 9;
    await port.write(Buffer.from('ok'));
    expect(port.writes.map((b) => [...b])).toEqual([
      [1, 2],
      [0x6f, 0x6b],
    ]);
    expect([...port.written]).toEqual([1, 2, 0x6f, 0x6b]);
  });

  it('rejects overlapping writes and writes after close', async () => {
    const port = await new MockSerialBinding().createPort('/dev/x').open({ path: '/dev/x', baudRate: 9600 });
    const first = port.write(Buffer.from([1]));
    await expect(port.write(Buffer.from([2]))).rejects.toThrow(/Overlapping/);
    await first;
    await port.close();
    await expect(port.write(Buffer.from([3]))).rejects.toThrow(/not open/);
    await expect(port.close()).rejects.toThrow(/not open/);
  });

  it('serves injected bytes to reads, waiting when none are buffered', async () => {
    const binding = new MockSerialBinding().createPort('/dev/x');
    await binding.open({ path: '/dev/x', baudRate: 9600 });
    const port = binding.port('/dev/x');
    const buffer = Buffer.alloc(4);
    const pending = port.read(buffer, 0, 4);
    port.emitData([0x10, 0x20, 0x30, 0x40, 0x50, 0x60]);
    expect(await pending).toEqual({ buffer, bytesRead: 4 });
    expect([...buffer]).toEqual([0x10, 0x20, 0x30, 0x40]);
    const rest = await port.read(buffer, 1, 3);
    expect(rest.bytesRead).toBe(2);
    expect([...buffer]).toEqual([0x10, 0x50, 0x60, 0x40]);
  });

  it('cancels a pending read when the port closes', async () => {
    const port = await new MockSerialBinding().createPort('/dev/x').open({ path: '/dev/x', baudRate: 9600 });
    const pending = port.read(Buffer.alloc(1), 0, 1);
    await port.close();
    await expect(pending).rejects.toMatchObject({ canceled: true });
    await expect(port.read(Buffer.alloc(1), 0, 1)).rejects.toThrow(/not open/);
  });
});
