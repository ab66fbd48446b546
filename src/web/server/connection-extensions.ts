import type { PressReceipt, SurfaceEvent } from '../../domain/index.js';
import { extensionsMessage, pressResultMessage, type PressKind, type WebExtension } from '../protocol/extension-messages.js';
import { encodeServerMessage } from '../protocol/wire-json.js';
import type { SurfaceEventQueue } from './event-queue.js';
import type { Publisher } from './publisher.js';

/**
 * One connection's use of our protocol extensions (extension-messages.ts):
 * which it asked for, and the press receipts that answer it. A connection
 * that never sends `use_extensions` queues exactly the reference's events
 * and receives none of the extension messages.
 */
export class ConnectionExtensions {
  readonly #deliver: (text: string) => void;
  readonly #events: SurfaceEventQueue;
  readonly #publisher: Publisher;
  #wanted: ReadonlySet<WebExtension> = new Set();

  /** `deliver` sends one encoded message to this connection while it is registered. */
  readonly #remote: boolean;

  constructor(deliver: (text: string) => void, events: SurfaceEventQueue, publisher: Publisher, remote: boolean) {
    this.#deliver = deliver;
    this.#remote = remote;
    this.#events = events;
    this.#publisher = publisher;
  }

  wants(extension: WebExtension): boolean {
    return this.#wanted.has(extension);
  }

  /** Replaces the set; answers with what this bridge supports, then the current overflow list if asked for. */
  use(extensions: readonly WebExtension[]): void {
    this.#wanted = new Set(extensions);
    this.#send(extensionsMessage(extensions));
    const overflow = this.wants('overflow') ? this.#publisher.overflowSnapshot() : null;
    if (overflow !== null) this.#deliver(overflow);
    const prompt = this.wants('prompts') ? this.#publisher.promptSnapshot({ remote: this.#remote }) : null;
    if (prompt !== null) this.#deliver(prompt);
    const block = this.wants('experience_block') ? this.#publisher.experienceBlockSnapshot() : null;
    if (block !== null) this.#deliver(block);
  }

  /**
   * Queues a press. With `press_results` it carries a receipt, so exactly one
   * `press_result` answers it: the daemon's once it routed the press, or
   * `dropped` at once if the queue was full.
   */
  press(press: PressKind, event: (receipt?: PressReceipt) => SurfaceEvent): void {
    if (!this.wants('press_results')) {
      this.#events.push(event());
      return;
    }
    const receipt: PressReceipt = { settle: (outcome) => this.#send(pressResultMessage(press, outcome)) };
    if (!this.#events.push(event(receipt))) this.#send(pressResultMessage(press, 'dropped'));
  }

  #send(message: { readonly type: string }): void {
    const text = encodeServerMessage(message);
    if (text !== null) this.#deliver(text);
  }
}
