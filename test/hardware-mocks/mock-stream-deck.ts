import { createRequire } from 'node:module';
import type * as JpegJs from 'jpeg-js';
import type { HidBackend, HidDevice, HidDeviceInfo, HidReport } from '../../src/hid/hid-device.js';

/*
 * A Stream Deck of the second generation (15-key MK.2 by default; XL with
 * 8x4 keys of 96 px) behind our HID device interface, so the real library
 * drives it. It enforces the protocol the library speaks: every output report
 * is a 1024-byte key-image page (02 07 key last lenLE pageLE + JPEG body) in
 * page order for a key on the deck; feature reports are at most 32 bytes and
 * start with 03 (03 05 00 blanks the screen, 03 06 key r g b fills a key).
 * Images are reassembled, decoded and turned the way the panel
 * shows them (the library sends them rotated by 180°), so tests look at
 * pixels. Presses are input reports 01 00 <count> 00 <one byte per key>.
 */

const jpeg = createRequire(import.meta.url)('jpeg-js') as typeof JpegJs;

export const ELGATO_VENDOR_ID = 0x0fd9;

export interface MockDeckModel {
  readonly productId: number;
  readonly columns: number;
  readonly rows: number;
  readonly keySize: number;
}

export const MK2: MockDeckModel = { productId: 0x0080, columns: 5, rows: 3, keySize: 72 };
export const XL: MockDeckModel = { productId: 0x008f, columns: 8, rows: 4, keySize: 96 };

const IMAGE_REPORT = 1024;
const IMAGE_HEADER = 8;

type Rgb = readonly [number, number, number];

export class MockStreamDeck implements HidDevice {
  readonly errors: string[] = [];
  brightness: number | null = null;
  /** Complete images received, per key. */
  readonly imageCounts: number[];
  #open = true;
  #gone = false;
  readonly #images = new Map<number, Uint8Array>();
  readonly #partial = new Map<number, { page: number; chunks: Buffer[] }>();
  readonly #incoming: Uint8Array[] = [];
  #waiter: ((report: Uint8Array | undefined) => void) | null = null;
  #waiterFail: ((error: Error) => void) | null = null;

  constructor(readonly model: MockDeckModel = MK2) {
    this.imageCounts = new Array<number>(model.columns * model.rows).fill(0);
  }

  get keyCount(): number {
    return this.model.columns * this.model.rows;
  }

  get isOpen(): boolean {
    return this.#open && !this.#gone;
  }

  info(path: string): HidDeviceInfo {
    return { path, vendorId: ELGATO_VENDOR_ID, productId: this.model.productId, product: 'Stream Deck', manufacturer: 'Elgato', usagePage: 0x0c, usage: 0x01 };
  }

  /** A key press and release, as the deck reports them. */
  press(index: number): void {
    for (const down of [true, false]) {
      const report = new Uint8Array(512);
      report.set([0x01, 0x00, this.keyCount, 0x00]);
      if (down) report[4 + index] = 1;
      this.#deliver(report);
    }
  }

  /** The pulled cable: a pending read fails, every later call fails. */
  unplug(): void {
    this.#gone = true;
    this.#waiterFail?.(new Error('could not read from HID device'));
  }

  /** The colour the user sees at (x, y) of a key, or null before the key got an image. */
  pixel(index: number, x: number, y: number): Rgb | null {
    const image = this.#images.get(index);
    if (image === undefined) return null;
    const size = this.model.keySize;
    const at = ((size - 1 - y) * size + (size - 1 - x)) * 4;
    return [image[at]!, image[at + 1]!, image[at + 2]!];
  }

  async write(data: HidReport): Promise<number> {
    this.#check('write');
    const bytes = Buffer.from(data);
    if (bytes.length !== IMAGE_REPORT) return this.#reject(`output report of ${bytes.length} bytes (a key image page is ${IMAGE_REPORT})`);
    if (bytes[0] !== 0x02 || bytes[1] !== 0x07) return this.#reject(`unknown output report ${bytes.subarray(0, 2).toString('hex')}`);
    const [key, last] = [bytes[2]!, bytes[3] === 1];
    const length = bytes.readUInt16LE(4);
    const page = bytes.readUInt16LE(6);
    if (key >= this.keyCount) return this.#reject(`key ${key} is not on a ${this.keyCount}-key deck`);
    if (length > IMAGE_REPORT - IMAGE_HEADER) return this.#reject(`page body of ${length} bytes`);
    const partial = page === 0 ? { page: -1, chunks: [] } : this.#partial.get(key);
    if (partial === undefined || partial.page !== page - 1) return this.#reject(`key ${key}: page ${page} out of order`);
    partial.page = page;
    partial.chunks.push(bytes.subarray(IMAGE_HEADER, IMAGE_HEADER + length));
    this.#partial.set(key, partial);
    if (last) {
      this.#partial.delete(key);
      const decoded = jpeg.decode(Buffer.concat(partial.chunks), { useTArray: true });
      if (decoded.width !== this.model.keySize || decoded.height !== this.model.keySize)
        return this.#reject(`key ${key}: a ${decoded.width}x${decoded.height} image on a ${this.model.keySize} px key`);
      this.#images.set(key, decoded.data);
      this.imageCounts[key]! += 1;
    }
    return bytes.length;
  }

  async sendFeatureReport(data: HidReport): Promise<number> {
    this.#check('sendFeatureReport');
    const bytes = Buffer.from(data);
    if (bytes.length > 32 || bytes[0] !== 0x03) return this.#reject(`feature report ${bytes.toString('hex')}`);
    if (bytes[1] === 0x08) {
      if (bytes[2]! > 100) return this.#reject(`brightness ${bytes[2]}%`);
      this.brightness = bytes[2]!;
    }
    // 03 05 00 blanks the whole screen (the library's clearPanel); 03 06 key r g b fills one key with a colour.
    if (bytes[1] === 0x05) {
      if (bytes[2] !== 0) return this.#reject(`clear of screen ${bytes[2]} on a deck with one`);
      for (let key = 0; key < this.keyCount; key += 1) this.#fill(key, [0, 0, 0]);
    }
    if (bytes[1] === 0x06) {
      if (bytes[2]! >= this.keyCount) return this.#reject(`colour fill of key ${bytes[2]} on a ${this.keyCount}-key deck`);
      this.#fill(bytes[2]!, [bytes[3]!, bytes[4]!, bytes[5]!]);
    }
    return bytes.length;
  }

  async getFeatureReport(reportId: number, length: number): Promise<Uint8Array> {
    this.#check('getFeatureReport');
    const reply = new Uint8Array(length);
    reply[0] = reportId;
    return reply;
  }

  read(timeoutMs: number): Promise<Uint8Array | undefined> {
    if (!this.isOpen) return Promise.reject(new Error('could not read from HID device'));
    const queued = this.#incoming.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => settle(() => resolve(undefined)), timeoutMs);
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        this.#waiter = null;
        this.#waiterFail = null;
        outcome();
      };
      this.#waiter = (report) => settle(() => resolve(report));
      this.#waiterFail = (error) => settle(() => reject(error));
    });
  }

  async close(): Promise<void> {
    if (!this.#open) throw new Error('HID device is already closed');
    this.#open = false;
    this.#waiterFail?.(new Error('HID device closed during read'));
  }

  #fill(key: number, rgb: Rgb): void {
    const image = new Uint8Array(this.model.keySize * this.model.keySize * 4);
    for (let at = 0; at < image.length; at += 4) image.set([...rgb, 0xff], at);
    this.#images.set(key, image);
  }

  #deliver(report: Uint8Array): void {
    if (this.#waiter !== null) this.#waiter(report);
    else this.#incoming.push(report);
  }

  #check(operation: string): void {
    if (!this.isOpen) throw new Error(`Cannot ${operation}: the HID device is ${this.#gone ? 'gone' : 'closed'}`);
  }

  #reject(problem: string): never {
    this.errors.push(problem);
    throw new Error(`mock Stream Deck refuses: ${problem}`);
  }
}

/** Stream Decks by path, as a HidBackend lists and opens them. */
export class MockStreamDeckBackend implements HidBackend {
  readonly #decks = new Map<string, MockStreamDeck>();

  plug(path: string, deck = new MockStreamDeck()): MockStreamDeck {
    this.#decks.set(path, deck);
    return deck;
  }

  unplug(path: string): void {
    this.#decks.get(path)?.unplug();
    this.#decks.delete(path);
  }

  async list(): Promise<HidDeviceInfo[]> {
    return [...this.#decks].map(([path, deck]) => deck.info(path));
  }

  async open(path: string): Promise<HidDevice> {
    const deck = this.#decks.get(path);
    if (deck === undefined || !deck.isOpen) throw new Error(`cannot open device with path ${path}`);
    return deck;
  }
}
