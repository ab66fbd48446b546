import type { SurfaceEvent } from '../../domain/index.js';
import { MAX_PENDING_SURFACE_EVENTS } from '../limits.js';

/**
 * Browser presses waiting for the daemon loop (§12): FIFO, bounded at 256,
 * drop-newest when full, so a flood from the LAN cannot grow memory.
 */
export class SurfaceEventQueue {
  #events: SurfaceEvent[] = [];
  #wake: () => void = () => undefined;

  /** False when the queue was full and the event was dropped. */
  push(event: SurfaceEvent): boolean {
    if (this.#events.length >= MAX_PENDING_SURFACE_EVENTS) return false;
    this.#events.push(event);
    this.#wake();
    return true;
  }

  /** Who hears that an event waits (the hub, for the daemon's loop). */
  onPush(wake: () => void): void {
    this.#wake = wake;
  }

  /** Everything queued so far, oldest first; the queue is empty afterwards. */
  drain(): SurfaceEvent[] {
    const events = this.#events;
    this.#events = [];
    return events;
  }
}
