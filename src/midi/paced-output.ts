import { MidiDeviceError, MidiPortClosedError } from './errors.js';
import { assertMidiMessage } from './midi-message.js';
import type { MidiBytes, MidiOutput } from './midi-port.js';

/** The clock and timer the pacing runs on; injected so tests step time exactly. */
export interface PacingClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const REAL_CLOCK: PacingClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Messages waiting at most: a SysEx-heavy burst past this is a bug upstream, not something to buffer. */
export const MAX_PACED_BACKLOG = 1024;
/** How much sending may run ahead of the rate, in milliseconds of it (timers fire late, and a few ms of slack keeps the average). */
const BURST_MS = 10;

/**
 * A MIDI output that sends at most `messagesPerSecond` messages a second,
 * for devices that silently drop what comes faster (the original Launchpad
 * takes about 400 a second over low-speed USB). What cannot go now waits, in
 * order; a newer Note On/Off, Control Change or Polyphonic Aftertouch for the
 * same channel and number replaces a waiting one (a light shows only its
 * latest value), so the backlog of a stream of frames stays bounded. A
 * message never overtakes a SysEx sent before it.
 *
 * A failure of a deferred send is thrown by the next `send`, so the caller
 * learns that the device is gone as it would without pacing. `close` sends
 * what is waiting (at the rate: the shutdown messages are last) and then
 * closes the port.
 */
export class PacedOutput implements MidiOutput {
  readonly #port: MidiOutput;
  readonly #clock: PacingClock;
  readonly #intervalMs: number;
  readonly #burst: number;
  readonly #waiting: Uint8Array[] = [];
  /** Channel-message key → index in #waiting, for the messages after the last waiting SysEx. */
  readonly #replaceable = new Map<number, number>();
  #allowance: number;
  #updatedAt: number;
  #timer: unknown = null;
  #failure: unknown = null;
  #closing = false;

  constructor(port: MidiOutput, messagesPerSecond: number, clock: PacingClock = REAL_CLOCK) {
    if (!(messagesPerSecond > 0)) throw new RangeError(`messages per second must be above 0, got ${messagesPerSecond}`);
    this.#port = port;
    this.#clock = clock;
    this.#intervalMs = 1000 / messagesPerSecond;
    this.#burst = Math.max(1, Math.floor(BURST_MS / this.#intervalMs));
    this.#allowance = this.#burst;
    this.#updatedAt = clock.now();
  }

  get name(): string {
    return this.#port.name;
  }

  /** Messages not sent yet. */
  get backlog(): number {
    return this.#waiting.length;
  }

  send(message: MidiBytes): void {
    if (this.#closing) throw new MidiPortClosedError(`MIDI output '${this.#port.name}' is closed`);
    if (this.#failure !== null) throw this.#failure;
    this.#refill();
    if (this.#waiting.length === 0 && this.#allowance >= 1) {
      this.#allowance -= 1;
      this.#port.send(message);
      return;
    }
    // Checked now, so a malformed message fails its own send rather than a later one.
    assertMidiMessage(message);
    this.#enqueue(Uint8Array.from(message));
    this.#schedule();
  }

  isOpen(): boolean {
    return !this.#closing && this.#failure === null && this.#port.isOpen();
  }

  close(): void {
    if (this.#closing) return;
    this.#closing = true;
    if (this.#waiting.length === 0 || this.#failure !== null) this.#finish();
  }

  #enqueue(message: Uint8Array): void {
    const key = channelKey(message);
    const index = key === null ? undefined : this.#replaceable.get(key);
    if (index !== undefined) {
      this.#waiting[index] = message;
      return;
    }
    if (this.#waiting.length >= MAX_PACED_BACKLOG) {
      throw new MidiDeviceError(
        `${this.#port.name}: ${MAX_PACED_BACKLOG} messages wait for a device that takes ${Math.round(1000 / this.#intervalMs)} a second`,
      );
    }
    if (key === null) this.#replaceable.clear();
    else this.#replaceable.set(key, this.#waiting.length);
    this.#waiting.push(message);
  }

  #refill(): void {
    const now = this.#clock.now();
    this.#allowance = Math.min(this.#burst, this.#allowance + (now - this.#updatedAt) / this.#intervalMs);
    this.#updatedAt = now;
  }

  #schedule(): void {
    if (this.#timer !== null) return;
    const wait = Math.max(0, (1 - this.#allowance) * this.#intervalMs);
    this.#timer = this.#clock.setTimeout(() => this.#drain(), Math.ceil(wait));
  }

  #drain(): void {
    this.#timer = null;
    this.#refill();
    let sent = 0;
    while (sent < this.#allowance - 0.000001 && this.#waiting.length > 0) {
      const message = this.#waiting.shift()!;
      sent += 1;
      try {
        this.#port.send(message);
      } catch (error) {
        this.#failure = error;
        this.#waiting.length = 0;
        this.#replaceable.clear();
        if (this.#closing) this.#finish();
        return;
      }
    }
    this.#allowance -= sent;
    // Indices shifted by `sent`; entries that were sent are gone.
    for (const [key, index] of this.#replaceable) {
      if (index < sent) this.#replaceable.delete(key);
      else this.#replaceable.set(key, index - sent);
    }
    if (this.#waiting.length > 0) this.#schedule();
    else if (this.#closing) this.#finish();
  }

  #finish(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
    this.#waiting.length = 0;
    this.#port.close();
  }
}

/** Note On and Note Off of one note share a key (both set that light); CC and aftertouch have their own. SysEx and the rest: null. */
function channelKey(message: Uint8Array): number | null {
  if (message.length !== 3) return null;
  const status = message[0]!;
  const kind = status & 0xf0;
  if (kind !== 0x80 && kind !== 0x90 && kind !== 0xa0 && kind !== 0xb0) return null;
  const light = kind === 0x80 ? 0x90 : kind;
  return ((light | (status & 0x0f)) << 8) | message[1]!;
}

/** `port` as is, or paced when the device has a known rate (a profile's `max_messages_per_second`). */
export function pacedOutput(port: MidiOutput, messagesPerSecond: number | undefined): MidiOutput {
  return messagesPerSecond === undefined ? port : new PacedOutput(port, messagesPerSecond);
}
