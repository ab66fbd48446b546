import { describe, expect, it } from 'vitest';
import type { SerialBackend, SerialTransport } from '../../src/serial/serial-port.js';
import { MockSerialBinding, MockSerialPort } from '../hardware-mocks/mock-serial.js';

/** Drives any SerialBackend through the interface alone, as a driver would. */
async function echoOnce(backend: SerialBackend, path: string, feed: (bytes: number[]) => void): Promise<{ transport: SerialTransport; got: number[] }> {
  const [info] = (await backend.list()).filter((port) => port.path === path);
  if (info === undefined) throw new Error(`${path} not listed`);
  const transport = await backend.open({ path: info.path, baudRate: 115200 });
  await transport.write(new Uint8Array([0x01, 0x02]));
  const buffer = new Uint8Array(8);
  const reading = transport.read(buffer, 0, buffer.length);
  feed([0x21, 0x00, 0x07]);
  const { bytesRead } = await reading;
  return { transport, got: [...buffer.subarray(0, bytesRead)] };
}

describe('mock serial binding as a SerialBackend', () => {
  it('conforms at compile time', () => {
    const binding = new MockSerialBinding() satisfies SerialBackend;
    const port = new MockSerialPort({ path: '/dev/ttyACM0', baudRate: 9600 }) satisfies SerialTransport;
    expect(binding.port).toBeTypeOf('function');
    expect(port.isOpen).toBe(true);
  });

  it('lists, opens, writes and reads through the interface, and the mock records the bytes', async () => {
    const binding = new MockSerialBinding().createPort('/dev/ttyACM0', { manufacturer: 'monome', vendorId: 0x0403, productId: 0x6001 });
    const backend: SerialBackend = binding;
    expect(await backend.list()).toEqual([{ path: '/dev/ttyACM0', manufacturer: 'monome', vendorId: 0x0403, productId: 0x6001 }]);
    const { transport, got } = await echoOnce(backend, '/dev/ttyACM0', (bytes) => binding.port('/dev/ttyACM0').emitData(bytes));
    expect(got).toEqual([0x21, 0x00, 0x07]);
    expect([...binding.port('/dev/ttyACM0').written]).toEqual([0x01, 0x02]);
    expect(transport.openOptions).toEqual({ path: '/dev/ttyACM0', baudRate: 115200 });
    await transport.close();
    expect(transport.isOpen).toBe(false);
    await expect(transport.write(new Uint8Array([3]))).rejects.toThrow(/not open/);
  });
});
