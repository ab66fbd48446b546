import type { HidBackend, HidDeviceInfo } from './hid-device.js';
import { errorMessage } from '../support/error-message.js';

/*
 * A device listing as diagnostics show it (`doctor`, `devices --all`): HID being
 * unavailable is an answer to print, not a failure.
 */

export type HidListing = { readonly available: true; readonly devices: readonly HidDeviceInfo[] } | { readonly available: false; readonly reason: string };

export async function listHidDevices(backend: () => HidBackend): Promise<HidListing> {
  try {
    return { available: true, devices: await backend().list() };
  } catch (error) {
    // The adapter maps every listing failure to a HidUnavailableError; whatever else a
    // backend throws is still only a reason here, so diagnostics go on.
    return { available: false, reason: errorMessage(error) };
  }
}

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');

/** One line, e.g. "/dev/hidraw3  Novation Launchpad  1235:0113  usage ff00:01". */
export function describeHidDevice(device: HidDeviceInfo): string {
  const parts = [device.path];
  const name = [device.manufacturer, device.product].filter((part) => part !== undefined && part !== '').join(' ');
  if (name !== '') parts.push(name);
  parts.push(`${hex(device.vendorId, 4)}:${hex(device.productId, 4)}`);
  if (device.usagePage !== undefined && device.usage !== undefined) parts.push(`usage ${hex(device.usagePage, 4)}:${hex(device.usage, 2)}`);
  return parts.join('  ');
}

/** The JSON form (snake_case like the rest of the CLI's JSON); absent fields are null. */
export function hidDeviceJson(device: HidDeviceInfo) {
  return {
    path: device.path,
    vendor_id: device.vendorId,
    product_id: device.productId,
    product: device.product ?? null,
    manufacturer: device.manufacturer ?? null,
    serial_number: device.serialNumber ?? null,
    usage_page: device.usagePage ?? null,
    usage: device.usage ?? null,
  };
}
