import { createRequire } from 'node:module';
import type * as NodeHid from 'node-hid';
import { HidDeviceError, HidUnavailableError, missingLibraryOf } from './errors.js';
import type { HidBackend, HidDevice, HidDeviceInfo, HidReport } from './hid-device.js';
import { errorMessage } from '../support/error-message.js';

/*
 * The only file that touches `node-hid`. It is required lazily, on the first list or
 * open. node-hid itself loads its native binding only on first use, and on Linux both
 * of its builds link libusb-1.0, so a machine without it fails there: we force that load
 * up front (getHidapiVersion) to turn it into one plain HidUnavailableError.
 */

/** The slice of `node-hid` this adapter uses; tests may inject a fake. */
export interface NodeHidModule {
  getHidapiVersion(): string;
  devicesAsync(): Promise<readonly RawDeviceInfo[]>;
  readonly HIDAsync: { open(path: string): Promise<RawDevice> };
}
interface RawDeviceInfo {
  readonly vendorId: number;
  readonly productId: number;
  readonly path?: string | undefined;
  readonly product?: string | undefined;
  readonly manufacturer?: string | undefined;
  readonly serialNumber?: string | undefined;
  readonly usagePage?: number | undefined;
  readonly usage?: number | undefined;
  readonly interface?: number | undefined;
}
interface RawDevice {
  write(values: number[] | Buffer): Promise<number>;
  read(timeOut?: number): Promise<Buffer | undefined>;
  sendFeatureReport(data: number[] | Buffer): Promise<number>;
  getFeatureReport(reportId: number, reportLength: number): Promise<Buffer>;
  close(): Promise<void>;
}

function requireNodeHid(): NodeHidModule {
  // Typed through the package's own declarations, so the slice above is checked against the real API.
  const loaded: typeof NodeHid = createRequire(import.meta.url)('node-hid');
  const checked: NodeHidModule = loaded;
  return checked;
}

/** A dynamic-loader failure naming a library is a missing system package; anything else, a broken install. */
function loadError(error: unknown): HidUnavailableError {
  const detail = errorMessage(error);
  const reason = missingLibraryOf(detail) === undefined ? 'library-missing' : 'system-library-missing';
  return new HidUnavailableError(reason, detail, { cause: error });
}

export interface NodeHidBackendOptions {
  readonly load?: () => NodeHidModule;
}

export function createNodeHidBackend(options: NodeHidBackendOptions = {}): HidBackend {
  const load = options.load ?? requireNodeHid;
  let module: NodeHidModule | null = null;

  const library = (): NodeHidModule => {
    if (module !== null) return module;
    try {
      const candidate = load();
      candidate.getHidapiVersion();
      module = candidate;
      return candidate;
    } catch (error) {
      throw loadError(error);
    }
  };

  return {
    async list(): Promise<HidDeviceInfo[]> {
      const hid = library();
      let devices: readonly RawDeviceInfo[];
      try {
        devices = await hid.devicesAsync();
      } catch (error) {
        throw new HidUnavailableError('listing-failed', errorMessage(error), { cause: error });
      }
      // Only devices with a path can be opened, so only those are listed (hidapi gives every one a path).
      return devices.flatMap((device) => (device.path === undefined ? [] : [deviceInfo(device, device.path)]));
    },
    async open(path: string): Promise<HidDevice> {
      const hid = library();
      try {
        return wrapDevice(await hid.HIDAsync.open(path));
      } catch (error) {
        throw new HidDeviceError(`cannot open HID device ${path}: ${errorMessage(error)} (on Linux a udev rule must let your user use its hidraw node)`, {
          cause: error,
        });
      }
    },
  };
}

function deviceInfo(raw: RawDeviceInfo, path: string): HidDeviceInfo {
  const { vendorId, productId, product, manufacturer, serialNumber, usagePage, usage } = raw;
  return { vendorId, productId, path, product, manufacturer, serialNumber, usagePage, usage, interfaceNumber: raw.interface };
}

/** node-hid takes a mutable array or a Buffer; a Buffer view over the caller's bytes avoids a copy. */
function hidBytes(report: HidReport): number[] | Buffer {
  if (report instanceof Uint8Array) return Buffer.isBuffer(report) ? report : Buffer.from(report.buffer, report.byteOffset, report.byteLength);
  return [...report];
}

function wrapDevice(device: RawDevice): HidDevice {
  return {
    write: (report) => device.write(hidBytes(report)),
    read: (timeoutMs) => device.read(timeoutMs),
    sendFeatureReport: (report) => device.sendFeatureReport(hidBytes(report)),
    getFeatureReport: (reportId, length) => device.getFeatureReport(reportId, length),
    close: () => device.close(),
  };
}
