import { DaemonProtocolError, PadLatticeClient, type ActionSubscription } from '../../client/index.js';
import { sameIdentity, type AgentIdentity } from '../../domain/index.js';
import { LEASE_RETRY_MS } from '../shared/launcher-lease.js';

/** Bound of the subscription's connect and write. */
const CONNECT_TIMEOUT_MS = 2_000;

/**
 * Offers Stop for one session for as long as it lives: an unscoped `stop`
 * subscription that calls `onStop` for every press and subscribes again,
 * after the lease's pause, whenever the daemon goes away (a restart).
 */
export class StopListener {
  #subscription: ActionSubscription | null = null;
  #closed = false;
  #timer: NodeJS.Timeout | null = null;
  #wake: (() => void) | null = null;
  readonly #loop: Promise<void>;

  constructor(socketPath: string, identity: AgentIdentity, onStop: () => void, retryMs = LEASE_RETRY_MS) {
    const client = new PadLatticeClient({ socketPath, timeoutMs: CONNECT_TIMEOUT_MS });
    this.#loop = this.#run(client, identity, onStop, retryMs);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#wake?.();
    await this.#subscription?.close();
    await this.#loop;
  }

  async #run(client: PadLatticeClient, identity: AgentIdentity, onStop: () => void, retryMs: number): Promise<void> {
    while (!this.#closed) {
      try {
        this.#subscription = await client.subscribeActions({ agent: identity, actions: ['stop'] });
        if (this.#closed) break;
        await this.#listen(this.#subscription, identity, onStop);
      } catch {
        // No daemon (yet): Stop is simply not offered until it is there.
      } finally {
        await this.#subscription?.close();
        this.#subscription = null;
      }
      if (!this.#closed) await this.#pause(retryMs);
    }
  }

  async #listen(subscription: ActionSubscription, identity: AgentIdentity, onStop: () => void): Promise<void> {
    for (;;) {
      let event;
      try {
        event = await subscription.receive();
      } catch (error) {
        if (error instanceof DaemonProtocolError) continue;
        return; // the daemon went away
      }
      if (event === null) return;
      if (event.action === 'stop' && sameIdentity(event.agent, identity)) onStop();
    }
  }

  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = resolve;
      this.#timer = setTimeout(resolve, ms);
    });
  }
}
