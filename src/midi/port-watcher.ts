import type { MidiBackend } from './midi-port.js';
import { diffDevices, type PortChange } from './port-diff.js';
import { pairPorts, type MidiDevice } from './port-names.js';
import { errorMessage } from '../support/error-message.js';

/** The two timer functions the watcher needs; tests pass a fake. */
export interface IntervalTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const systemTimers: IntervalTimers = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export interface PortWatcherOptions {
  /** Default 1000 ms: hot-plug is noticed within about a second. */
  readonly intervalMs?: number;
  readonly timers?: IntervalTimers;
}

/**
 * Polls a backend's port list and reports devices that appeared or vanished. MIDI
 * backends offer no portable hot-plug notification, so polling is the common ground.
 * A failing listing (e.g. the MIDI service went away) is reported to error listeners,
 * once per distinct message, and leaves the known devices unchanged.
 */
export class PortWatcher {
  readonly #backend: Pick<MidiBackend, 'listPorts'>;
  readonly #intervalMs: number;
  readonly #timers: IntervalTimers;
  readonly #changeListeners = new Set<(change: PortChange) => void>();
  readonly #errorListeners = new Set<(error: unknown) => void>();
  #devices: readonly MidiDevice[] = [];
  #handle: unknown = null;
  #lastErrorMessage: string | null = null;

  constructor(backend: Pick<MidiBackend, 'listPorts'>, options: PortWatcherOptions = {}) {
    this.#backend = backend;
    this.#intervalMs = options.intervalMs ?? 1000;
    this.#timers = options.timers ?? systemTimers;
  }

  get devices(): readonly MidiDevice[] {
    return this.#devices;
  }

  get running(): boolean {
    return this.#handle !== null;
  }

  onChange(listener: (change: PortChange) => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  onError(listener: (error: unknown) => void): () => void {
    this.#errorListeners.add(listener);
    return () => this.#errorListeners.delete(listener);
  }

  /** Polls once now (so current devices are reported as appeared), then on every interval. */
  start(): void {
    if (this.#handle !== null) return;
    this.#handle = this.#timers.setInterval(() => this.poll(), this.#intervalMs);
    this.poll();
  }

  stop(): void {
    if (this.#handle === null) return;
    this.#timers.clearInterval(this.#handle);
    this.#handle = null;
  }

  /** Lists the ports once and reports the differences from the previous listing. */
  poll(): PortChange[] {
    let next: MidiDevice[];
    try {
      const { inputs, outputs } = this.#backend.listPorts();
      next = pairPorts(inputs, outputs);
    } catch (error) {
      this.#reportError(error);
      return [];
    }
    this.#lastErrorMessage = null;
    const changes = diffDevices(this.#devices, next);
    this.#devices = next;
    for (const change of changes) {
      for (const listener of this.#changeListeners) listener(change);
    }
    return changes;
  }

  #reportError(error: unknown): void {
    const message = errorMessage(error);
    if (message === this.#lastErrorMessage) return;
    this.#lastErrorMessage = message;
    for (const listener of this.#errorListeners) listener(error);
  }
}
