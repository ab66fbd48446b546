import type { SerialBackend, SerialPortInfo } from './serial-port.js';
import { errorMessage } from '../support/error-message.js';

/*
 * A port listing as diagnostics show it (`doctor`, `devices --all`): serial being
 * unavailable is an answer to print, not a failure.
 */

export type SerialListing = { readonly available: true; readonly ports: readonly SerialPortInfo[] } | { readonly available: false; readonly reason: string };

export async function listSerialPorts(backend: () => SerialBackend): Promise<SerialListing> {
  try {
    return { available: true, ports: await backend().list() };
  } catch (error) {
    // The adapter maps every listing failure to a SerialUnavailableError; whatever else a
    // backend throws is still only a reason here, so diagnostics go on.
    return { available: false, reason: errorMessage(error) };
  }
}

const hex4 = (id: number) => id.toString(16).padStart(4, '0');

/** One line: path, then whatever the listing knows, e.g. "/dev/ttyACM0  Arduino  2341:0043  serial 7573". */
export function describeSerialPort(port: SerialPortInfo): string {
  const parts = [port.path];
  if (port.manufacturer !== undefined) parts.push(port.manufacturer);
  if (port.vendorId !== undefined && port.productId !== undefined) parts.push(`${hex4(port.vendorId)}:${hex4(port.productId)}`);
  if (port.serialNumber !== undefined) parts.push(`serial ${port.serialNumber}`);
  return parts.join('  ');
}

/** The JSON form (snake_case like the rest of the CLI's JSON); absent fields are null. */
export function serialPortJson(port: SerialPortInfo) {
  return {
    path: port.path,
    manufacturer: port.manufacturer ?? null,
    vendor_id: port.vendorId ?? null,
    product_id: port.productId ?? null,
    serial_number: port.serialNumber ?? null,
  };
}
