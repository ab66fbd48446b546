import type { SerialBackend, SerialOpenOptions, SerialPortInfo, SerialTransport } from '../../src/serial/serial-port.js';

/*
 * A serial backend for tests, implementing the SerialBackend/SerialTransport contract
 * (itself shaped like serialport's binding layer), so a serial driver can be tested
 * here on bytes. Each test creates its own binding.
 */

const canceled = (message: string) => Object.assign(new Error(message), { canceled: true });

/** The device behind a mock port: bytes written to it in, its answer out. */
export type SerialPeer = (bytes: Uint8Array) => Uint8Array | undefined;

export class MockSerialPort implements SerialTransport {
  /** Each write, in order. */
  readonly writes: Buffer[] = [];
  #open = true;
  #writing = false;
  #incoming = Buffer.alloc(0);
  #pendingRead: { wake: () => void; fail: (error: Error) => void } | null = null;

  /** Times `flush` was called. */
  flushes = 0;

  /**
   * `device` stands for the hardware: it gets every write and its answers arrive as data.
   * `waiting` is what the device sent before the port was opened, still in the driver's buffer.
   */
  constructor(
    readonly openOptions: SerialOpenOptions,
    readonly device?: SerialPeer,
    waiting: readonly number[] = [],
  ) {
    this.#incoming = Buffer.from(waiting);
  }

  get isOpen(): boolean {
    return this.#open;
  }

  /** Everything written so far, concatenated. */
  get written(): Buffer {
    return Buffer.concat(this.writes);
  }

  /** Makes bytes arrive from the device. */
  emitData(bytes: Buffer | readonly number[]): void {
    if (!this.#open) throw new Error(`cannot emit data on closed mock serial port ${this.openOptions.path}`);
    this.#incoming = Buffer.concat([this.#incoming, Buffer.from(bytes)]);
    this.#pendingRead?.wake();
  }

  async write(buffer: Uint8Array): Promise<void> {
    if (!this.#open) throw new Error('Port is not open');
    // serialport never issues a write while one is pending; a driver that does is broken.
    if (this.#writing) throw new Error('Overlapping writes are not allowed');
    this.#writing = true;
    await Promise.resolve();
    this.#writing = false;
    if (!this.#open) throw canceled('Port closed during write');
    this.writes.push(Buffer.from(buffer));
    const answer = this.device?.(buffer);
    if (answer !== undefined && answer.length > 0) this.emitData([...answer]);
  }

  async read(buffer: Uint8Array, offset: number, length: number): Promise<{ buffer: Uint8Array; bytesRead: number }> {
    if (!this.#open) throw new Error('Port is not open');
    if (this.#pendingRead !== null) throw new Error('A read is already pending');
    if (length < 1 || offset < 0 || offset + length > buffer.length) throw new RangeError('read outside the buffer');
    if (this.#incoming.length === 0) {
      await new Promise<void>((wake, fail) => {
        this.#pendingRead = { wake, fail };
      }).finally(() => {
        this.#pendingRead = null;
      });
    }
    const bytesRead = this.#incoming.copy(buffer, offset, 0, Math.min(length, this.#incoming.length));
    this.#incoming = this.#incoming.subarray(bytesRead);
    return { buffer, bytesRead };
  }

  async flush(): Promise<void> {
    if (!this.#open) throw new Error('Port is not open');
    this.flushes += 1;
    this.#incoming = Buffer.alloc(0);
  }

  /** The tty vanished: a pending read fails (not as a cancel) and every later call fails. */
  vanish(): void {
    this.#open = false;
    this.#pendingRead?.fail(new Error('bad file descriptor'));
  }

  async close(): Promise<void> {
    if (!this.#open) throw new Error('Port is not open');
    this.#open = false;
    this.#pendingRead?.fail(canceled('Port closed while reading'));
  }
}

export class MockSerialBinding implements SerialBackend {
  readonly #ports = new Map<string, SerialPortInfo>();
  readonly #peers = new Map<string, SerialPeer>();
  readonly #openPorts = new Map<string, MockSerialPort>();
  readonly #waiting = new Map<string, readonly number[]>();

  createPort(path: string, info: Omit<SerialPortInfo, 'path'> = {}, device?: SerialPeer): this {
    this.#ports.set(path, { ...info, path });
    if (device === undefined) this.#peers.delete(path);
    else this.#peers.set(path, device);
    return this;
  }

  /** Bytes the device sends while the port is closed: the next open finds them waiting to be read. */
  sendWhileClosed(path: string, bytes: readonly number[]): this {
    this.#waiting.set(path, [...(this.#waiting.get(path) ?? []), ...bytes]);
    return this;
  }

  /** Unplugs the device: it leaves the listing, and an open port fails its pending read like a vanished tty. */
  removePort(path: string): void {
    this.#ports.delete(path);
    const port = this.#openPorts.get(path);
    if (port?.isOpen === true) port.vanish();
  }

  /** The open port at `path`, for assertions and injecting reads. */
  port(path: string): MockSerialPort {
    const port = this.#openPorts.get(path);
    if (port === undefined) throw new Error(`mock serial port ${path} is not open`);
    return port;
  }

  async list(): Promise<SerialPortInfo[]> {
    return [...this.#ports.values()];
  }

  async open(options: SerialOpenOptions): Promise<MockSerialPort> {
    if (!this.#ports.has(options.path)) throw new Error(`Port does not exist: ${options.path}`);
    if (!Number.isInteger(options.baudRate) || options.baudRate <= 0) throw new TypeError(`invalid baudRate ${options.baudRate}`);
    if (this.#openPorts.get(options.path)?.isOpen === true) throw new Error(`Port is locked (already open): ${options.path}`);
    const port = new MockSerialPort(options, this.#peers.get(options.path), this.#waiting.get(options.path));
    this.#waiting.delete(options.path);
    this.#openPorts.set(options.path, port);
    return port;
  }
}
