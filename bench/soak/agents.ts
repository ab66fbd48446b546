import { setTimeout as sleep } from 'node:timers/promises';
import type { PadLatticeClient } from '../../src/client/index.js';
import { makeIdentity, type AgentIdentity, type AgentState } from '../../src/domain/index.js';
import { noteFailure, type SoakCounters } from './counters.js';

/** Reports a state asking for its `state_ack`, counting both; a missing ack is a failure, never a crash. */
export async function reportAcked(client: PadLatticeClient, counters: SoakCounters, agent: AgentIdentity, state: AgentState): Promise<boolean> {
  counters.acksSent++;
  try {
    await client.reportState(state, { agent, reply: true });
    counters.acksReceived++;
    return true;
  } catch (error) {
    noteFailure(counters, `state_ack for ${agent.sessionId}`, error);
    return false;
  }
}

const LIFE: readonly AgentState[] = ['running', 'waiting_for_reply', 'user_typing', 'running', 'success'];

/**
 * Agents coming and going, as launchers do: each holds a session lease,
 * reports a short life of states (every one acknowledged), then lets the
 * lease go, which removes its session. `workers` run side by side.
 */
export class AgentChurn {
  #stopping = false;
  #next = 0;
  readonly #running: Promise<void>[] = [];

  constructor(
    private readonly client: PadLatticeClient,
    private readonly counters: SoakCounters,
  ) {}

  start(workers: number): void {
    for (let i = 0; i < workers; i++) this.#running.push(this.#work());
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    await Promise.all(this.#running);
  }

  async #work(): Promise<void> {
    while (!this.#stopping) {
      const n = this.#next++;
      const agent = makeIdentity('soak', `agent-${n}`);
      try {
        const lease = await this.client.sessionLease({ agent, metadata: { label: `soak agent ${n}` } });
        this.counters.leases++;
        for (const state of LIFE) {
          await reportAcked(this.client, this.counters, agent, state);
          await sleep(40 + (n % 5) * 20);
        }
        await lease.close();
      } catch (error) {
        noteFailure(this.counters, `agent ${n}`, error);
        await sleep(200);
      }
    }
  }
}
