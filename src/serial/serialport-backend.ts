import { createRequire } from 'node:module';
import type * as Serialport from 'serialport';
import { SerialDeviceError, SerialUnavailableError } from './errors.js';
import type { SerialBackend, SerialOpenOptions, SerialPortInfo, SerialTransport } from './serial-port.js';
import { errorMessage } from '../support/error-message.js';

/*
 * The only file that touches `serialport`. It is required lazily, on the first list or
 * open, so a machine without the native binding still starts. We use serialport's
 * binding layer (`SerialPort.binding`) rather than its stream: the binding already has
 * the pull-style read/write/close our `SerialTransport` promises.
 */

/** The slice of `serialport` this adapter uses; tests may inject a fake. */
export interface SerialportModule {
  readonly SerialPort: { readonly binding: RawBinding };
}
interface RawBinding {
  list(): Promise<readonly RawPortInfo[]>;
  open(options: SerialOpenOptions): Promise<RawPort>;
}
interface RawPortInfo {
  readonly path: string;
  readonly manufacturer?: string | undefined;
  readonly serialNumber?: string | undefined;
  /** Four hex digits without 0x, e.g. "2341". */
  readonly vendorId?: string | undefined;
  readonly productId?: string | undefined;
}
interface RawPort {
  readonly isOpen: boolean;
  write(buffer: Buffer): Promise<void>;
  read(buffer: Buffer, offset: number, length: number): Promise<{ bytesRead: number }>;
  flush(): Promise<void>;
  close(): Promise<void>;
}

function requireSerialport(): SerialportModule {
  // Typed through the package's own declarations, so the slice above is checked against the real API.
  const loaded: typeof Serialport = createRequire(import.meta.url)('serialport');
  const checked: SerialportModule = loaded;
  return checked;
}

const fieldOf = (error: unknown, field: string): unknown =>
  typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[field] : undefined;

export interface SerialportBackendOptions {
  readonly load?: () => SerialportModule;
}

export function createSerialportBackend(options: SerialportBackendOptions = {}): SerialBackend {
  const load = options.load ?? requireSerialport;
  let binding: RawBinding | null = null;

  const library = (): RawBinding => {
    if (binding !== null) return binding;
    try {
      binding = load().SerialPort.binding;
      return binding;
    } catch (error) {
      throw new SerialUnavailableError('library-missing', errorMessage(error), { cause: error });
    }
  };

  return {
    async list(): Promise<SerialPortInfo[]> {
      const raw = library();
      try {
        return (await raw.list()).map(portInfo);
      } catch (error) {
        throw listingError(error);
      }
    },
    async open(openOptions: SerialOpenOptions): Promise<SerialTransport> {
      const raw = library();
      try {
        return wrapPort(await raw.open({ path: openOptions.path, baudRate: openOptions.baudRate }), openOptions);
      } catch (error) {
        throw openError(error, openOptions.path);
      }
    },
  };
}

/** On Linux the listing spawns `udevadm info -e`; without udev the spawn fails with ENOENT. */
function listingError(error: unknown): SerialUnavailableError {
  const udevadmMissing = fieldOf(error, 'code') === 'ENOENT' && String(fieldOf(error, 'path') ?? fieldOf(error, 'syscall')).includes('udevadm');
  return new SerialUnavailableError(udevadmMissing ? 'udevadm-missing' : 'listing-failed', errorMessage(error), { cause: error });
}

/** The native binding reports "Error: Permission denied, cannot open PATH" (no errno field). */
function openError(error: unknown, path: string): SerialDeviceError {
  const message = errorMessage(error);
  if (fieldOf(error, 'code') === 'EACCES' || /permission denied/i.test(message)) {
    return new SerialUnavailableError('permission-denied', message, { cause: error });
  }
  return new SerialDeviceError(`cannot open serial port ${path}: ${message}`, { cause: error });
}

/** USB ids come as hex text; anything else (absent, or not hex) is left out. */
function usbId(hex: string | undefined): number | undefined {
  return hex !== undefined && /^[0-9a-f]{1,4}$/i.test(hex) ? Number.parseInt(hex, 16) : undefined;
}

function portInfo(raw: RawPortInfo): SerialPortInfo {
  return { path: raw.path, manufacturer: raw.manufacturer, vendorId: usbId(raw.vendorId), productId: usbId(raw.productId), serialNumber: raw.serialNumber };
}

/** The binding insists on Buffers; a Buffer view over the caller's bytes avoids a copy. */
const bufferView = (bytes: Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

function wrapPort(port: RawPort, openOptions: SerialOpenOptions): SerialTransport {
  return {
    openOptions: { path: openOptions.path, baudRate: openOptions.baudRate },
    get isOpen() {
      return port.isOpen;
    },
    write: (bytes) => port.write(bufferView(bytes)),
    read: async (buffer, offset, length) => ({ bytesRead: (await port.read(bufferView(buffer), offset, length)).bytesRead }),
    flush: () => port.flush(),
    close: () => port.close(),
  };
}
