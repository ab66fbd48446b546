/**
 * A first-in, first-out queue that keeps at most `limit` items: a device that
 * is mashed faster than the daemon polls loses its oldest presses, never
 * memory.
 */
export class BoundedQueue<T> {
  readonly #items: T[] = [];

  constructor(readonly limit: number) {}

  push(item: T): void {
    if (this.#items.length >= this.limit) this.#items.shift();
    this.#items.push(item);
  }

  /** Everything queued, oldest first; the queue is empty afterwards. */
  drain(): T[] {
    return this.#items.splice(0);
  }
}
