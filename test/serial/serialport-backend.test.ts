import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SerialDeviceError, SerialUnavailableError } from '../../src/serial/errors.js';
import { createSerialportBackend, type SerialportModule } from '../../src/serial/serialport-backend.js';
import { MockSerialBinding } from '../hardware-mocks/mock-serial.js';

type Binding = SerialportModule['SerialPort']['binding'];
const moduleWith = (binding: Partial<Binding>): SerialportModule => ({
  SerialPort: {
    binding: {
      list: binding.list ?? (async () => []),
      open: binding.open ?? (async () => Promise.reject(new Error('no open in this fake'))),
    },
  },
});

/** What Node raises when `udevadm` is not on PATH (serialport's Linux listing spawns it). */
const spawnEnoent = () => Object.assign(new Error('spawn udevadm ENOENT'), { code: 'ENOENT', errno: -2, syscall: 'spawn udevadm', path: 'udevadm' });

/** Only Linux lists through udevadm; elsewhere the listing needs nothing extra. */
const listingNeedsMissingUdevadm = () => process.platform === 'linux' && spawnSync('udevadm', ['--version']).error !== undefined;

describe('serialport backend on this machine', () => {
  it('loads serialport and lists ports, or names the missing udevadm', async () => {
    const backend = createSerialportBackend();
    if (listingNeedsMissingUdevadm()) {
      const error = await backend.list().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(SerialUnavailableError);
      expect(error).toMatchObject({ reason: 'udevadm-missing' });
      expect((error as Error).message).toBe('serial ports cannot be listed: udevadm not found: install udev');
    } else {
      const ports = await backend.list();
      for (const port of ports) expect(typeof port.path).toBe('string');
    }
  });

  it('reaches the native binding: a path that does not exist is a device error, not "unavailable"', async () => {
    const path = '/dev/pad-lattice-no-such-port';
    const error = await createSerialportBackend()
      .open({ path, baudRate: 115200 })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(SerialDeviceError);
    expect(error).not.toBeInstanceOf(SerialUnavailableError);
    expect((error as Error).message).toMatch(/^cannot open serial port \/dev\/pad-lattice-no-such-port: .*cannot open/);
  });
});

describe('serialport backend error mapping', () => {
  it('loads the module only when first used, and a module that will not load is "library-missing"', async () => {
    let loads = 0;
    const backend = createSerialportBackend({
      load: () => {
        loads += 1;
        throw new Error("Cannot find module 'serialport'");
      },
    });
    expect(loads).toBe(0);
    const error = await backend.list().catch((caught: unknown) => caught);
    expect(loads).toBe(1);
    expect(error).toBeInstanceOf(SerialUnavailableError);
    expect(error).toMatchObject({ reason: 'library-missing', detail: "Cannot find module 'serialport'" });
    expect((error as Error).message).toContain('the serialport native module could not be loaded');
    await expect(backend.open({ path: '/dev/ttyACM0', baudRate: 9600 })).rejects.toMatchObject({ reason: 'library-missing' });
  });

  it('maps a missing udevadm and any other listing failure', async () => {
    const noUdevadm = createSerialportBackend({ load: () => moduleWith({ list: async () => Promise.reject(spawnEnoent()) }) });
    await expect(noUdevadm.list()).rejects.toMatchObject({ name: 'SerialUnavailableError', reason: 'udevadm-missing' });
    const failing = createSerialportBackend({
      load: () => moduleWith({ list: async () => Promise.reject(new Error('Error listing ports udevadm exited with error code: 1')) }),
    });
    const error = await failing.list().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'listing-failed' });
    expect((error as Error).message).toBe('serial ports cannot be listed (Error listing ports udevadm exited with error code: 1)');
  });

  it('maps permission denied on open to "permission-denied"; other open failures stay device errors', async () => {
    const denied = createSerialportBackend({
      load: () => moduleWith({ open: async () => Promise.reject(new Error('Error: Permission denied, cannot open /dev/ttyACM0')) }),
    });
    const error = await denied.open({ path: '/dev/ttyACM0', baudRate: 115200 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SerialUnavailableError);
    expect(error).toMatchObject({ reason: 'permission-denied' });
    expect((error as Error).message).toContain('/dev/ttyACM0');
    expect((error as Error).message).toContain('dialout group');

    const locked = createSerialportBackend({
      load: () => moduleWith({ open: async () => Promise.reject(new Error('Error Resource temporarily unavailable Cannot lock port')) }),
    });
    const busy = await locked.open({ path: '/dev/ttyACM0', baudRate: 115200 }).catch((caught: unknown) => caught);
    expect(busy).toBeInstanceOf(SerialDeviceError);
    expect(busy).not.toBeInstanceOf(SerialUnavailableError);
    expect((busy as Error).message).toBe('cannot open serial port /dev/ttyACM0: Error Resource temporarily unavailable Cannot lock port');
  });

  it('turns hex USB ids into numbers and leaves unknown fields undefined', async () => {
    const backend = createSerialportBackend({
      load: () =>
        moduleWith({
          list: async () => [
            { path: '/dev/ttyACM0', manufacturer: 'monome', serialNumber: 'm0000123', vendorId: '0403', productId: '6001' },
            { path: '/dev/ttyS0', manufacturer: undefined, serialNumber: undefined, vendorId: undefined, productId: 'zz' },
          ],
        }),
    });
    expect(await backend.list()).toEqual([
      { path: '/dev/ttyACM0', manufacturer: 'monome', vendorId: 0x0403, productId: 0x6001, serialNumber: 'm0000123' },
      { path: '/dev/ttyS0', manufacturer: undefined, vendorId: undefined, productId: undefined, serialNumber: undefined },
    ]);
  });
});

describe('serialport backend port wrapper', () => {
  const openThroughAdapter = async () => {
    const binding = new MockSerialBinding().createPort('/dev/ttyACM0');
    const backend = createSerialportBackend({ load: () => moduleWith({ open: (options) => binding.open(options) }) });
    const transport = await backend.open({ path: '/dev/ttyACM0', baudRate: 115200 });
    return { transport, device: binding.port('/dev/ttyACM0') };
  };

  it('writes the bytes of a Uint8Array view, offset respected, and reads into one', async () => {
    const { transport, device } = await openThroughAdapter();
    expect(transport.openOptions).toEqual({ path: '/dev/ttyACM0', baudRate: 115200 });
    const frame = new Uint8Array([0xff, 0x18, 0x01, 0x02, 0xee]);
    await transport.write(frame.subarray(1, 4));
    expect([...device.written]).toEqual([0x18, 0x01, 0x02]);

    const target = new Uint8Array(6);
    device.emitData([0x21, 0x03, 0x04]);
    expect(await transport.read(target, 2, 4)).toEqual({ bytesRead: 3 });
    expect([...target]).toEqual([0, 0, 0x21, 0x03, 0x04, 0]);
  });

  it('flushes: bytes received but not yet read are dropped, later ones are read', async () => {
    const { transport, device } = await openThroughAdapter();
    device.emitData([0x21, 0x0f]);
    await transport.flush();
    device.emitData([0x20, 0x01, 0x02]);
    const target = new Uint8Array(8);
    expect(await transport.read(target, 0, 8)).toEqual({ bytesRead: 3 });
    expect([...target.subarray(0, 3)]).toEqual([0x20, 0x01, 0x02]);
    expect(device.flushes).toBe(1);
  });

  it('reflects close: isOpen turns false and a pending read is canceled', async () => {
    const { transport } = await openThroughAdapter();
    expect(transport.isOpen).toBe(true);
    const pending = transport.read(new Uint8Array(1), 0, 1);
    await transport.close();
    expect(transport.isOpen).toBe(false);
    await expect(pending).rejects.toMatchObject({ canceled: true });
  });
});
