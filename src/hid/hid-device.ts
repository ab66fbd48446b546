/**
 * The HID contract a driver (e.g. a button pad) is written against: the `node-hid`
 * adapter implements it, and so does the test mock. Reports start with the report id
 * byte (0 for a device without numbered reports), as hidapi expects.
 */

export type HidReport = Uint8Array | readonly number[];

export interface HidDeviceInfo {
  readonly vendorId: number;
  readonly productId: number;
  /** What `open` takes, e.g. /dev/hidraw3 on Linux. */
  readonly path: string;
  readonly product?: string | undefined;
  readonly manufacturer?: string | undefined;
  readonly serialNumber?: string | undefined;
  readonly usagePage?: number | undefined;
  readonly usage?: number | undefined;
  /** The USB interface number, where the platform reports it (-1 or absent otherwise). */
  readonly interfaceNumber?: number | undefined;
}

export interface HidDevice {
  /** Sends an output report; resolves with the number of bytes written. */
  write(report: HidReport): Promise<number>;
  /**
   * The next input report, or undefined when `timeoutMs` passes without one. The timeout
   * is required: an unbounded native read would hold a worker thread until a report came.
   */
  read(timeoutMs: number): Promise<Uint8Array | undefined>;
  sendFeatureReport(report: HidReport): Promise<number>;
  /** `length` counts the report id byte, which the result starts with. */
  getFeatureReport(reportId: number, length: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface HidBackend {
  /** Throws `HidUnavailableError` when HID cannot be used on this machine. */
  list(): Promise<readonly HidDeviceInfo[]>;
  /** Throws `HidUnavailableError` or, for this one device, `HidDeviceError`. */
  open(path: string): Promise<HidDevice>;
}
