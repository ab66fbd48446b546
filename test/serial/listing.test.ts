import { describe, expect, it } from 'vitest';
import { SerialUnavailableError } from '../../src/serial/errors.js';
import { describeSerialPort, listSerialPorts, serialPortJson } from '../../src/serial/listing.js';
import { MockSerialBinding } from '../hardware-mocks/mock-serial.js';

describe('serial port listing for diagnostics', () => {
  it('returns the ports, or the plain reason when the backend cannot list', async () => {
    const binding = new MockSerialBinding().createPort('/dev/ttyACM0');
    expect(await listSerialPorts(() => binding)).toEqual({ available: true, ports: [{ path: '/dev/ttyACM0' }] });
    const unavailable = new SerialUnavailableError('udevadm-missing', 'spawn udevadm ENOENT');
    const failing = () => ({ list: () => Promise.reject(unavailable), open: () => Promise.reject(unavailable) });
    expect(await listSerialPorts(failing)).toEqual({ available: false, reason: unavailable.message });
    const throwingFactory = () => {
      throw new Error('backend could not be built');
    };
    expect(await listSerialPorts(throwingFactory)).toEqual({ available: false, reason: 'backend could not be built' });
  });

  it('describes a port on one line with what is known, ids as four hex digits', () => {
    expect(describeSerialPort({ path: '/dev/ttyACM0', manufacturer: 'monome', vendorId: 0x403, productId: 0x6001, serialNumber: 'm123' })).toBe(
      '/dev/ttyACM0  monome  0403:6001  serial m123',
    );
    expect(describeSerialPort({ path: '/dev/ttyS0' })).toBe('/dev/ttyS0');
  });

  it('gives snake_case JSON with null for what is unknown', () => {
    expect(serialPortJson({ path: '/dev/ttyS0', vendorId: 1 })).toEqual({
      path: '/dev/ttyS0',
      manufacturer: null,
      vendor_id: 1,
      product_id: null,
      serial_number: null,
    });
  });
});
