import type { WriteTimer } from '../../src/daemon/identity-store/write-behind.js';

/** A write-behind timer the test fires by hand; it records each requested delay. */
export class ManualWriteTimer implements WriteTimer {
  readonly delays: number[] = [];
  #callback: (() => void) | null = null;

  get armed(): boolean {
    return this.#callback !== null;
  }

  start(callback: () => void, delayMs: number): void {
    this.delays.push(delayMs);
    this.#callback = callback;
  }

  cancel(): void {
    this.#callback = null;
  }

  fire(): void {
    const callback = this.#callback;
    this.#callback = null;
    callback?.();
  }
}
