import { assertMidiMessage } from '../../src/midi/midi-message.js';
import { formatHexLine, parseHexLine } from '../../src/midi/hex-line.js';
import { MidiPortClosedError, type MidiUnavailableError } from '../../src/midi/errors.js';
import type { MidiBackend, MidiBytes, MidiOutput, MidiPortNames } from '../../src/midi/midi-port.js';
import { findPortName } from '../../src/midi/port-names.js';
import { QueuedInput } from '../../src/midi/queued-input.js';

/*
 * Recording MIDI ports for tests. Each test makes its own (no shared state). Like real
 * hardware behind RtMidi, an output refuses malformed messages and use after close, and
 * a port whose device was unplugged throws on use.
 */

/**
 * A device that takes messages only so fast, as the original Launchpad over
 * low-speed USB: its input buffer holds `buffer` messages and empties at
 * `messagesPerSecond`; what arrives while it is full is lost, silently.
 */
export interface DeviceRate {
  readonly messagesPerSecond: number;
  readonly buffer: number;
  /** Milliseconds, monotonic. */
  readonly now: () => number;
}

export class MockMidiOutput implements MidiOutput {
  /** Every accepted message, copied, in send order. */
  readonly sent: Uint8Array[] = [];
  /** Messages a rate-limited device lost because they came too fast (see `limitRate`). */
  dropped = 0;
  /** Called with each accepted message (the mock backend answers Device Inquiries through it). */
  onSend: ((message: Uint8Array) => void) | null = null;
  #open = true;
  #vanished = false;
  #rate: DeviceRate | null = null;
  #level = 0;
  #levelAt = 0;

  constructor(readonly name = 'Mock MIDI Out') {}

  send(message: MidiBytes): void {
    if (!this.#open) throw new MidiPortClosedError(`MIDI output '${this.name}' is closed`);
    if (this.#vanished) throw new MidiPortClosedError(`MIDI output '${this.name}' is gone (device unplugged)`);
    assertMidiMessage(message);
    if (this.#overflows()) {
      this.dropped += 1;
      return;
    }
    const copy = Uint8Array.from(message);
    this.sent.push(copy);
    this.onSend?.(copy);
  }

  /** From now on the device drops what comes faster than `rate` allows. */
  limitRate(rate: DeviceRate): void {
    this.#rate = rate;
    this.#level = 0;
    this.#levelAt = rate.now();
  }

  #overflows(): boolean {
    if (this.#rate === null) return false;
    const now = this.#rate.now();
    this.#level = Math.max(0, this.#level - ((now - this.#levelAt) * this.#rate.messagesPerSecond) / 1000);
    this.#levelAt = now;
    if (this.#level + 1 > this.#rate.buffer) return true;
    this.#level += 1;
    return false;
  }

  isOpen(): boolean {
    return this.#open;
  }

  close(): void {
    this.#open = false;
  }

  /** The sent messages in the trace format ("90 3C 7F"), handy for assertions. */
  sentHex(): string[] {
    return this.sent.map(formatHexLine);
  }

  /** Forgets what was recorded so far. */
  clearSent(): void {
    this.sent.length = 0;
  }

  /** The device was unplugged: the handle stays "open" but every send throws. */
  vanish(): void {
    this.#vanished = true;
  }

  get vanished(): boolean {
    return this.#vanished;
  }
}

export class MockMidiInput extends QueuedInput {
  #vanished = false;

  constructor(name = 'Mock MIDI In') {
    super(name);
  }

  /** Delivers a message as if the device sent it; any bytes 0-255, so tests can send garbage. */
  inject(message: MidiBytes): void {
    if (!this.isOpen()) throw new Error(`cannot inject into closed mock input '${this.name}'`);
    if (this.#vanished) throw new Error(`cannot inject into mock input '${this.name}': its device vanished`);
    for (const byte of message) {
      if (!Number.isInteger(byte) || byte < 0 || byte > 0xff) throw new RangeError(`injected byte ${byte} is not 0-255`);
    }
    this.deliver(Uint8Array.from(message));
  }

  /** `inject` from the trace format, e.g. injectHex("B0 5B 7F"). */
  injectHex(line: string): void {
    const parsed = parseHexLine(line);
    if (parsed.kind !== 'bytes') throw new Error(`not a hex message: ${JSON.stringify(line)}`);
    this.inject(parsed.bytes);
  }

  vanish(): void {
    this.#vanished = true;
  }

  get vanished(): boolean {
    return this.#vanished;
  }
}

/** An already open input/output pair of one device. */
export function createMockMidiPair(name = 'Mock Pad'): { input: MockMidiInput; output: MockMidiOutput } {
  return { input: new MockMidiInput(name), output: new MockMidiOutput(name) };
}

type Direction = 'input' | 'output';

/**
 * A MIDI backend whose port list a test edits at runtime: `plug`/`unplug` make ports
 * appear and vanish (open handles of an unplugged port throw on use), `failOpen` makes
 * the next open of a port fail, `setUnavailable` makes every call fail like a machine
 * without MIDI.
 */
export class MockMidiBackend implements MidiBackend {
  readonly label = 'mock';
  /** Every port opened through this backend, in opening order. */
  readonly openedInputs: MockMidiInput[] = [];
  readonly openedOutputs: MockMidiOutput[] = [];
  #inputs: string[] = [];
  #outputs: string[] = [];
  readonly #openFailures = new Map<string, Error>();
  readonly #identities = new Map<string, readonly number[]>();
  readonly #rates = new Map<string, DeviceRate>();
  #unavailable: MidiUnavailableError | null = null;
  #listCalls = 0;

  /** Adds a device's ports (both directions unless limited). */
  plug(name: string, directions: readonly Direction[] = ['input', 'output']): this {
    if (directions.includes('input') && !this.#inputs.includes(name)) this.#inputs.push(name);
    if (directions.includes('output') && !this.#outputs.includes(name)) this.#outputs.push(name);
    return this;
  }

  /** Removes every port with this exact name; ports already open on it vanish. */
  unplug(name: string): this {
    this.#inputs = this.#inputs.filter((port) => port !== name);
    this.#outputs = this.#outputs.filter((port) => port !== name);
    for (const port of [...this.openedInputs, ...this.openedOutputs]) if (port.name === name) port.vanish();
    return this;
  }

  failOpen(direction: Direction, name: string, error: Error): this {
    this.#openFailures.set(`${direction}\u0000${name}`, error);
    return this;
  }

  /**
   * The device behind `name` answers a Device Inquiry (F0 7E <id> 06 01 F7,
   * id 7F = everyone) sent to its output with `reply` on its input, as a
   * device that implements the MIDI identity request does.
   */
  answerIdentity(name: string, reply: readonly number[]): this {
    this.#identities.set(name, reply);
    return this;
  }

  /** Outputs opened on `name` from now on drop what comes faster than `rate` (see MockMidiOutput.limitRate). */
  limitRate(name: string, rate: DeviceRate): this {
    this.#rates.set(name, rate);
    return this;
  }

  setUnavailable(error: MidiUnavailableError | null): this {
    this.#unavailable = error;
    return this;
  }

  /** How often the port list was read (tests check that explicit names skip enumeration). */
  get listCalls(): number {
    return this.#listCalls;
  }

  listPorts(): MidiPortNames {
    this.#listCalls += 1;
    if (this.#unavailable !== null) throw this.#unavailable;
    return { inputs: [...this.#inputs], outputs: [...this.#outputs] };
  }

  openInput(name: string): MockMidiInput {
    const port = new MockMidiInput(this.#resolve('input', name, this.#inputs));
    this.openedInputs.push(port);
    return port;
  }

  openOutput(name: string): MockMidiOutput {
    const port = new MockMidiOutput(this.#resolve('output', name, this.#outputs));
    const rate = this.#rates.get(port.name);
    if (rate !== undefined) port.limitRate(rate);
    port.onSend = (message) => this.#answer(port.name, message);
    this.openedOutputs.push(port);
    return port;
  }

  #answer(name: string, message: Uint8Array): void {
    const reply = this.#identities.get(name);
    const inquiry = message.length === 6 && message[0] === 0xf0 && message[1] === 0x7e && message[3] === 0x06 && message[4] === 0x01 && message[5] === 0xf7;
    if (reply === undefined || !inquiry) return;
    for (const input of this.openedInputs) if (input.name === name && input.isOpen() && !input.vanished) input.inject(reply);
  }

  #resolve(direction: Direction, requested: string, available: readonly string[]): string {
    if (this.#unavailable !== null) throw this.#unavailable;
    const exact = findPortName(available, requested, direction);
    const failure = this.#openFailures.get(`${direction}\u0000${exact}`);
    if (failure !== undefined) {
      this.#openFailures.delete(`${direction}\u0000${exact}`);
      throw failure;
    }
    return exact;
  }
}
