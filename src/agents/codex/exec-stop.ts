import { DaemonProtocolError, PadLatticeClient, type ActionSubscription } from '../../client/index.js';
import { sameIdentity, type AgentIdentity } from '../../domain/index.js';

/** Bound of the subscription's connect and write. */
const CONNECT_TIMEOUT_MS = 2_000;

/**
 * The Stop listener of `codex-exec` (agent-adapters.md §A.9 step 3): a
 * subscription for `stop` only (no request id, not one-shot). The first
 * `stop` for this identity calls `onStop` and ends listening; other lines
 * are ignored; the daemon going away ends it silently, as does `close()`.
 */
export class StopListener {
  #subscription: ActionSubscription | null = null;
  #closed = false;
  readonly #listening: Promise<void>;

  constructor(socketPath: string, identity: AgentIdentity, onStop: () => void) {
    this.#listening = this.#listen(new PadLatticeClient({ socketPath, timeoutMs: CONNECT_TIMEOUT_MS }), identity, onStop);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#subscription?.close();
    await this.#listening;
  }

  async #listen(client: PadLatticeClient, identity: AgentIdentity, onStop: () => void): Promise<void> {
    try {
      const subscription = await client.subscribeActions({ agent: identity, actions: ['stop'] });
      this.#subscription = subscription;
      while (!this.#closed) {
        let event;
        try {
          event = await subscription.receive();
        } catch (error) {
          if (error instanceof DaemonProtocolError) continue;
          return;
        }
        if (event === null) return;
        if (event.action === 'stop' && sameIdentity(event.agent, identity)) {
          onStop();
          return;
        }
      }
    } catch {
      // No daemon: Stop is simply not offered.
    } finally {
      await this.#subscription?.close();
    }
  }
}
