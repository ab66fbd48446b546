import { MAX_BROWSER_CLIENTS, MAX_REMOTE_CLIENTS } from '../limits.js';
import type { WebExtension } from '../protocol/extension-messages.js';

/** A connection as the registry sees it. */
export interface TrackedClient {
  readonly remote: boolean;
  /** Sends one encoded message; false when the client is gone (it is then dropped). */
  deliver(text: string): boolean;
  closeWith(code: number, reason: string): void;
  /** Whether the client asked for this extension's messages (`use_extensions`). */
  wants(extension: WebExtension): boolean;
}

/**
 * Every browser connection, pending (upgraded, not yet authenticated) or
 * registered (§6.1). Capacity counts both: 16 in all, 8 remote; loopback
 * connections never count toward the remote cap. Only registered clients
 * receive broadcasts (§13.1).
 */
export class ClientRegistry {
  readonly #pending = new Set<TrackedClient>();
  readonly #registered = new Set<TrackedClient>();

  /** Reserves a slot for a new connection; false when it must be refused with `connection_limit`. */
  admit(client: TrackedClient): boolean {
    const total = this.#pending.size + this.#registered.size;
    if (total >= MAX_BROWSER_CLIENTS) return false;
    if (client.remote && this.#remoteCount() >= MAX_REMOTE_CLIENTS) return false;
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

  get registeredCount(): number {
    return this.#registered.size;
  }

  registeredRemotes(): TrackedClient[] {
    return [...this.#registered].filter((client) => client.remote);
  }

  all(): TrackedClient[] {
    return [...this.#pending, ...this.#registered];
  }

  #remoteCount(): number {
    let count = 0;
    for (const client of this.#pending) if (client.remote) count += 1;
    for (const client of this.#registered) if (client.remote) count += 1;
    return count;
  }
}
