import type { HidBackend, HidDevice, HidDeviceInfo, HidReport } from '../../src/hid/hid-device.js';

/*
 * A HID device and backend for tests, implementing the HidDevice/HidBackend contract
 * (shaped like node-hid's HIDAsync). Reports start with the report id byte (0 when the
 * device uses none), as node-hid expects. Each test creates its own device.
 */

export class MockHidDevice implements HidDevice {
  /** Output reports as written, report id included. */
  readonly writes: Buffer[] = [];
  readonly featureReports: Buffer[] = [];
  /** What `getFeatureReport` answers, by report id (see `setFeatureReport`). */
  readonly #featureReplies = new Map<number, Buffer>();
  #open = true;
  readonly #incoming: Buffer[] = [];
  #waiter: { deliver: (report: Buffer | undefined) => void; fail: (error: Error) => void } | null = null;

  /** `reportLength` is the payload size after the report id (64 for most devices). */
  constructor(readonly reportLength = 64) {}

  get isOpen(): boolean {
    return this.#open;
  }

  /** An input report arrives from the device. */
  emitReport(report: readonly number[] | Buffer): void {
    if (!this.#open) throw new Error('cannot emit a report on a closed mock HID device');
    const bytes = Buffer.from(report);
    if (this.#waiter !== null) this.#waiter.deliver(bytes);
    else this.#incoming.push(bytes);
  }

  async write(data: HidReport): Promise<number> {
    const report = this.#checkReport(data, 'write');
    this.writes.push(report);
    return report.length;
  }

  async sendFeatureReport(data: HidReport): Promise<number> {
    const report = this.#checkReport(data, 'sendFeatureReport');
    this.featureReports.push(report);
    return report.length;
  }

  /** The device will answer `getFeatureReport(report[0], …)` with this report. */
  setFeatureReport(report: HidReport): void {
    const bytes = this.#checkReport(report, 'setFeatureReport');
    this.#featureReplies.set(bytes[0]!, bytes);
  }

  /** Like hidapi: `length` counts the report id byte, and a longer report is cut to it. */
  async getFeatureReport(reportId: number, length: number): Promise<Buffer> {
    if (!this.#open) throw new Error('Cannot getFeatureReport on a closed HID device');
    if (!Number.isInteger(length) || length < 1) throw new RangeError(`getFeatureReport: length ${length} leaves no room for the report id`);
    const reply = this.#featureReplies.get(reportId);
    if (reply === undefined) throw new Error(`could not get feature report ${reportId} from device`);
    return Buffer.from(reply.subarray(0, length));
  }

  read(timeoutMs?: number): Promise<Buffer | undefined> {
    if (!this.#open) return Promise.reject(new Error('Cannot read from a closed HID device'));
    if (this.#waiter !== null) return Promise.reject(new Error('A read is already pending'));
    const queued = this.#incoming.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = timeoutMs === undefined ? null : setTimeout(() => settle(() => resolve(undefined)), timeoutMs);
      const settle = (outcome: () => void) => {
        if (timer !== null) clearTimeout(timer);
        this.#waiter = null;
        outcome();
      };
      this.#waiter = {
        deliver: (report) => settle(() => resolve(report)),
        fail: (error) => settle(() => reject(error)),
      };
    });
  }

  async close(): Promise<void> {
    if (!this.#open) throw new Error('HID device is already closed');
    this.#open = false;
    // A driver's read loop must stop when its device closes, so a pending read fails.
    this.#waiter?.fail(new Error('HID device closed during read'));
  }

  #checkReport(data: HidReport, operation: string): Buffer {
    if (!this.#open) throw new Error(`Cannot ${operation} on a closed HID device`);
    if (data.length === 0) throw new Error(`${operation}: a report needs at least the report id byte`);
    if (data.length > this.reportLength + 1) {
      throw new Error(`${operation}: ${data.length} bytes exceed report id + ${this.reportLength}-byte report`);
    }
    for (const byte of data) {
      if (!Number.isInteger(byte) || byte < 0 || byte > 0xff) throw new RangeError(`${operation}: ${byte} is not a byte`);
    }
    return Buffer.from(data);
  }
}

/** Devices by path, as a HidBackend lists and opens them; an open device stays reachable for assertions. */
export class MockHidBackend implements HidBackend {
  readonly #devices = new Map<string, { info: HidDeviceInfo; device: MockHidDevice }>();

  plug(info: HidDeviceInfo, device = new MockHidDevice()): this {
    this.#devices.set(info.path, { info, device });
    return this;
  }

  device(path: string): MockHidDevice {
    const entry = this.#devices.get(path);
    if (entry === undefined) throw new Error(`no mock HID device at ${path}`);
    return entry.device;
  }

  async list(): Promise<HidDeviceInfo[]> {
    return [...this.#devices.values()].map(({ info }) => info);
  }

  async open(path: string): Promise<MockHidDevice> {
    const entry = this.#devices.get(path);
    if (entry === undefined) throw new Error(`cannot open device with path ${path}`);
    if (!entry.device.isOpen) throw new Error(`cannot open device with path ${path} (closed mock device)`);
    return entry.device;
  }
}
