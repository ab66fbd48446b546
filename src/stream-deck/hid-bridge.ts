import { EventEmitter } from 'eventemitter3';
import type { HIDDevice, HIDDeviceEvents, HIDDeviceInfo } from './library.js';
import type { HidDevice, HidDeviceInfo } from '../hid/hid-device.js';

/** How long one read waits for a report; the loop then reads again (node-hid needs a bound, see hid-device.ts). */
const READ_TIMEOUT_MS = 200;
/** Input reports of Stream Decks carry report id 1 (the library's node transport filters on it too). */
const INPUT_REPORT_ID = 0x01;

/**
 * Our HID device as the Stream Deck library's `HIDDevice`: a read loop turns
 * input reports into `input` events, writes go one at a time in order, and the
 * first failure becomes one `error` event (the device was unplugged).
 */
export class HidBridge extends EventEmitter<HIDDeviceEvents> implements HIDDevice {
  readonly #device: HidDevice;
  readonly #info: HidDeviceInfo;
  #tail: Promise<unknown> = Promise.resolve();
  #closed = false;
  #failed = false;

  constructor(device: HidDevice, info: HidDeviceInfo) {
    super();
    this.#device = device;
    this.#info = info;
    void this.#readLoop();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#tail.catch(() => {});
    await this.#device.close().catch(() => {});
  }

  sendFeatureReport(data: Uint8Array): Promise<void> {
    return this.#queue(async () => void (await this.#device.sendFeatureReport(data)));
  }

  getFeatureReport(reportId: number, reportLength: number): Promise<Uint8Array> {
    return this.#queue(() => this.#device.getFeatureReport(reportId, reportLength));
  }

  sendReports(buffers: Uint8Array[]): Promise<void> {
    return this.#queue(async () => {
      for (const buffer of buffers) await this.#device.write(buffer);
    });
  }

  async getDeviceInfo(): Promise<HIDDeviceInfo> {
    return { path: this.#info.path, vendorId: this.#info.vendorId, productId: this.#info.productId };
  }

  async getChildDeviceInfo(): Promise<null> {
    return null;
  }

  #queue<T>(run: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(() => {
      if (this.#closed) throw new Error('the Stream Deck is closed');
      return run();
    });
    this.#tail = result.catch(() => {});
    return result.catch((error: unknown) => {
      this.#fail(error);
      throw error;
    });
  }

  async #readLoop(): Promise<void> {
    while (!this.#closed) {
      let report: Uint8Array | undefined;
      try {
        report = await this.#device.read(READ_TIMEOUT_MS);
      } catch (error) {
        this.#fail(error);
        return;
      }
      if (report !== undefined && report[0] === INPUT_REPORT_ID) this.emit('input', report.subarray(1));
    }
  }

  #fail(error: unknown): void {
    if (this.#failed || this.#closed) return;
    this.#failed = true;
    this.emit('error', error);
  }
}
