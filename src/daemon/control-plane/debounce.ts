import type { ControlAction, IdentityKey } from '../../domain/index.js';

/** Last delivery time per (identity, action) (control-plane.md §12.4). */
export class DebounceTable {
  readonly #lastDelivery = new Map<IdentityKey, Map<ControlAction, number>>();
  readonly #window: number;

  constructor(window: number) {
    this.#window = window;
  }

  /** No entry means the press passes however small `now` is; the table is never seeded with 0. */
  allows(key: IdentityKey, action: ControlAction, now: number): boolean {
    if (this.#window === 0) return true;
    const last = this.#lastDelivery.get(key)?.get(action);
    return last === undefined || now - last >= this.#window;
  }

  record(key: IdentityKey, action: ControlAction, now: number): void {
    let perAction = this.#lastDelivery.get(key);
    if (perAction === undefined) {
      perAction = new Map();
      this.#lastDelivery.set(key, perAction);
    }
    perAction.set(action, now);
  }

  forget(key: IdentityKey): void {
    this.#lastDelivery.delete(key);
  }
}
