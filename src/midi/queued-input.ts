import { InputQueue } from './input-queue.js';
import type { MidiInput, MidiMessageListener } from './midi-port.js';

/**
 * What every queue-backed `MidiInput` shares (the RtMidi adapter, file input,
 * the test mock): received messages wait in a bounded queue for `drain()`
 * and reach listeners as they arrive; `close()` is idempotent, forgets what
 * was not drained, and then lets the subclass release its source.
 */
export class QueuedInput implements MidiInput {
  readonly #queue = new InputQueue();
  #open = true;

  constructor(readonly name: string) {}

  drain(): Uint8Array[] {
    return this.#queue.drain();
  }

  onMessage(listener: MidiMessageListener): () => void {
    return this.#queue.subscribe(listener);
  }

  isOpen(): boolean {
    return this.#open;
  }

  close(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#queue.clear();
    this.releaseSource();
  }

  /** Queues one received message; a message arriving after close() is dropped. */
  protected deliver(message: Uint8Array): void {
    if (this.#open) this.#queue.push(message);
  }

  /** Lets go of whatever feeds the queue; runs once, on the first close(). */
  protected releaseSource(): void {}
}
