import type { WebExtension } from '../protocol/extension-messages.js';
import { decideAdmission, type Admissible } from './admission.js';

/** A connection as the registry sees it. */
export interface TrackedClient extends Admissible {
  /** Sends one encoded message; false when the client is gone (it is then dropped). */
  deliver(text: string): boolean;
  closeWith(code: number, reason: string): void;
  /** Whether the client asked for this extension's messages (`use_extensions`). */
  wants(extension: WebExtension): boolean;
  /** A newer connection took this pending one's place: tell it (`connection_limit`) and close. */
  displace(): void;
}

/**
 * Every browser connection, pending (upgraded, not yet authenticated) or
 * registered (§6.1). Capacity counts both: 16 in all, 8 remote; loopback
 * connections never count toward the remote cap. Who gets a slot is
 * `decideAdmission`'s rule. Only registered clients receive broadcasts (§13.1).
 */
export class ClientRegistry {
  /** In arrival order, oldest first (a Set iterates in insertion order). */
  readonly #pending = new Set<TrackedClient>();
  readonly #registered = new Set<TrackedClient>();

  /** Reserves a slot for a new connection, displacing pending ones if needed; false when it must be refused with `connection_limit`. */
  admit(client: TrackedClient): boolean {
    const decision = decideAdmission(client, this.#pending, { total: this.#registered.size, remote: this.registeredRemotes().length });
    if (!decision.admitted) return false;
    for (const displaced of decision.displaced) {
      this.#pending.delete(displaced);
      displaced.displace();
    }
    this.#pending.add(client);
    return true;
  }

  /** After authentication: from then on the client receives broadcasts. */
  register(client: TrackedClient): void {
    this.#pending.delete(client);
    this.#registered.add(client);
  }

  forget(client: TrackedClient): void {
    this.#pending.delete(client);
    this.#registered.delete(client);
  }

  /** To every registered client, or with `extension` only to those that asked for it. */
  broadcast(text: string, extension?: WebExtension): void {
    for (const client of [...this.#registered]) {
      if (extension !== undefined && !client.wants(extension)) continue;
      if (!client.deliver(text)) this.forget(client);
    }
  }

  /** To every registered client that asked for `extension`, the text `pick` chooses for it (null: nothing). */
  broadcastEach(extension: WebExtension, pick: (client: TrackedClient) => string | null): void {
    for (const client of [...this.#registered]) {
      if (!client.wants(extension)) continue;
      const text = pick(client);
      if (text !== null && !client.deliver(text)) this.forget(client);
    }
  }

  get registeredCount(): number {
    return this.#registered.size;
  }

  registeredRemotes(): TrackedClient[] {
    return [...this.#registered].filter((client) => client.remote);
  }

  all(): TrackedClient[] {
    return [...this.#pending, ...this.#registered];
  }
}
