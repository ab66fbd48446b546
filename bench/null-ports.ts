import { MidiPortClosedError } from '../src/midi/errors.js';
import { assertMidiMessage } from '../src/midi/midi-message.js';
import type { MidiBytes, MidiInput, MidiOutput } from '../src/midi/midi-port.js';
import { QueuedInput } from '../src/midi/queued-input.js';
import { monotonicNs } from './latency.js';

/** Called once per frame, after the synchronous render that sent it has returned. */
export type FrameListener = (lastByteAt: bigint) => void;

/**
 * An output port that counts instead of sending: messages, bytes and, when
 * timed, the moment (monotonicNs()) the last message was handed over. It
 * keeps the contract of every MIDI stand-in (test/hardware-mocks): it refuses
 * a malformed message and a send after close, as the daemon's trace port does,
 * so the bench measures no path a real port would refuse.
 * A frame is every message sent within one synchronous turn; its end is
 * reported from a microtask, which runs only after the render that sent it
 * has returned. Messages are kept only inside captureDuring().
 */
export class CountingOutput implements MidiOutput {
  readonly name = 'bench null port';
  messages = 0;
  bytes = 0;
  lastByteAt = 0n;
  #open = true;
  #captured: Uint8Array[] | null = null;
  #frameListener: FrameListener | null = null;
  #frameEndQueued = false;

  /** Time stamps each send; off for pure CPU suites, where the clock read would be a measurable share. */
  constructor(private readonly timed = false) {}

  send(message: MidiBytes): void {
    if (!this.#open) throw new MidiPortClosedError(`MIDI output '${this.name}' is closed`);
    assertMidiMessage(message);
    this.messages += 1;
    this.bytes += message.length;
    this.#captured?.push(Uint8Array.from(message));
    if (!this.timed) return;
    this.lastByteAt = monotonicNs();
    if (this.#frameEndQueued) return;
    this.#frameEndQueued = true;
    queueMicrotask(() => this.#frameEnded());
  }

  /** Runs `send` and returns a copy of every message it sent through this port. */
  captureDuring(send: () => void): Uint8Array[] {
    const captured: Uint8Array[] = [];
    this.#captured = captured;
    try {
      send();
    } finally {
      this.#captured = null;
    }
    return captured;
  }

  /** Receives the end of every later frame; one listener at a time. */
  onFrame(listener: FrameListener | null): void {
    this.#frameListener = listener;
  }

  isOpen(): boolean {
    return this.#open;
  }

  close(): void {
    this.#open = false;
  }

  #frameEnded(): void {
    this.#frameEndQueued = false;
    this.#frameListener?.(this.lastByteAt);
  }
}

/** An input port on which nobody ever presses anything. */
export class SilentInput implements MidiInput {
  readonly name = 'bench silent port';
  #open = true;

  drain(): Uint8Array[] {
    return [];
  }

  onMessage(): () => void {
    return () => undefined;
  }

  isOpen(): boolean {
    return this.#open;
  }

  close(): void {
    this.#open = false;
  }
}

/**
 * An input port on which the bench presses: each message is time-stamped
 * (monotonicNs()) and counted the moment it is handed to the daemon, as a
 * real port's callback hands over what the device sent.
 */
export class CountingInput extends QueuedInput {
  /** When each message was delivered, oldest first. */
  readonly deliveredAt: bigint[] = [];

  constructor() {
    super('bench counting port');
  }

  press(message: Uint8Array): void {
    this.deliveredAt.push(monotonicNs());
    this.deliver(message);
  }
}
