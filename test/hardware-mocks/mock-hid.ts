/*
 * A HID device for tests, shaped like the write/read/sendFeatureReport/close part of
 * node-hid's HIDAsync. Reports start with the report id byte (0 when the device uses
 * none), as node-hid expects. Each test creates its own device.
 */

export interface HidDeviceLike {
  write(data: readonly number[] | Buffer): Promise<number>;
  /** Resolves with the next input report, or undefined after `timeoutMs` without one. */
  read(timeoutMs?: number): Promise<Buffer | undefined>;
  sendFeatureReport(data: readonly number[] | Buffer): Promise<number>;
  close(): Promise<void>;
}

export class MockHidDevice implements HidDeviceLike {
  /** Output reports as written, report id included. */
  readonly writes: Buffer[] = [];
  readonly featureReports: Buffer[] = [];
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

  async write(data: readonly number[] | Buffer): Promise<number> {
    const report = this.#checkReport(data, 'write');
    this.writes.push(report);
    return report.length;
  }

  async sendFeatureReport(data: readonly number[] | Buffer): Promise<number> {
    const report = this.#checkReport(data, 'sendFeatureReport');
    this.featureReports.push(report);
    return report.length;
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

  #checkReport(data: readonly number[] | Buffer, operation: string): Buffer {
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
