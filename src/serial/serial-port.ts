/**
 * The serial contract a driver (e.g. a monome-style grid) is written against: the
 * `serialport` adapter implements it, and so does the test mock. The shape follows
 * serialport's own binding layer, so the adapter stays a thin wrapper.
 */

export interface SerialOpenOptions {
  /** e.g. /dev/ttyACM0 on Linux, COM3 on Windows. */
  readonly path: string;
  readonly baudRate: number;
}

/** What a listing knows about a port; only `path` is guaranteed. USB ids are numbers. */
export interface SerialPortInfo {
  readonly path: string;
  readonly manufacturer?: string | undefined;
  readonly vendorId?: number | undefined;
  readonly productId?: number | undefined;
  readonly serialNumber?: string | undefined;
}

export interface SerialTransport {
  readonly openOptions: SerialOpenOptions;
  readonly isOpen: boolean;
  /**
   * Resolves once the bytes are handed to the operating system. One write at a time:
   * await it before the next, as the underlying binding cannot queue.
   */
  write(bytes: Uint8Array): Promise<void>;
  /**
   * Fills `buffer[offset, offset + length)` with at least one byte, waiting until some
   * arrive. A read pending when the port closes rejects with an error whose
   * `canceled` is true, so a read loop can tell a close from a failure.
   */
  read(buffer: Uint8Array, offset: number, length: number): Promise<{ readonly bytesRead: number }>;
  /** Discards bytes received but not yet read (a tcflush of the input). */
  flush(): Promise<void>;
  /** Rejects when the port is not open. */
  close(): Promise<void>;
}

export interface SerialBackend {
  /** Throws `SerialUnavailableError` when ports cannot be listed on this machine. */
  list(): Promise<readonly SerialPortInfo[]>;
  /** Throws `SerialUnavailableError` (e.g. permission denied) or `SerialDeviceError`. */
  open(options: SerialOpenOptions): Promise<SerialTransport>;
}
