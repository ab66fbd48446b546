/**
 * The transport contract every MIDI port honours: the real `@julusian/midi` adapter,
 * trace/file ports and the test mocks. Renderers talk only to these interfaces.
 */

/** One complete MIDI message. SysEx is framed: it starts with 0xF0 and ends with 0xF7. */
export type MidiBytes = Uint8Array | readonly number[];

export interface MidiOutput {
  /** The port name as the backend reports it (or the spec, for trace ports). */
  readonly name: string;
  /**
   * Sends one message immediately. Throws `MidiPortClosedError` after `close()` or
   * once the device is gone; the caller frames SysEx itself (profile data excludes F0/F7).
   */
  send(message: MidiBytes): void;
  isOpen(): boolean;
  /** Idempotent. */
  close(): void;
}

export type MidiMessageListener = (message: Uint8Array) => void;

export interface MidiInput {
  readonly name: string;
  /** Every message received since the previous call, oldest first; `[]` when none. */
  drain(): Uint8Array[];
  /**
   * Also tells a listener about each message as it arrives (the message is still queued
   * for `drain`). Listeners must not throw. Returns the unsubscribe function.
   */
  onMessage(listener: MidiMessageListener): () => void;
  isOpen(): boolean;
  /** Idempotent; drops messages not yet drained. */
  close(): void;
}

export interface MidiPortNames {
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
}

export interface MidiBackend {
  /** Short label for diagnostics, e.g. "rtmidi" or "mock". */
  readonly label: string;
  /**
   * Finds out, without blocking, whether MIDI works, so the calls below need
   * not block to find out; long-running processes await it before listing.
   * Absent where there is nothing to find out.
   */
  ready?(): Promise<void>;
  /** Throws `MidiUnavailableError` when MIDI cannot be used at all. */
  listPorts(): MidiPortNames;
  /**
   * Opens by the exact reported name, or by a name without its ALSA `client:port`
   * suffix when that picks exactly one port. Throws `MidiDeviceError` otherwise.
   */
  openInput(name: string): MidiInput;
  openOutput(name: string): MidiOutput;
}
