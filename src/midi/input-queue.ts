import type { MidiMessageListener } from './midi-port.js';

/**
 * The pending-message queue behind every `MidiInput`. It is bounded so that a device
 * flooding aftertouch while nobody drains cannot grow memory without limit; the oldest
 * messages go first and are counted.
 */
export class InputQueue {
  #pending: Uint8Array[] = [];
  readonly #listeners = new Set<MidiMessageListener>();
  #dropped = 0;

  constructor(readonly capacity = 4096) {}

  push(message: Uint8Array): void {
    if (this.#pending.length >= this.capacity) {
      this.#pending.shift();
      this.#dropped += 1;
    }
    this.#pending.push(message);
    for (const listener of this.#listeners) listener(message);
  }

  drain(): Uint8Array[] {
    if (this.#pending.length === 0) return [];
    const drained = this.#pending;
    this.#pending = [];
    return drained;
  }

  subscribe(listener: MidiMessageListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Forgets pending messages and listeners (used by close). */
  clear(): void {
    this.#pending = [];
    this.#listeners.clear();
  }

  /** How many messages were discarded because the queue was full. */
  get droppedCount(): number {
    return this.#dropped;
  }
}
