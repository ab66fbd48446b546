import { PadLatticeClient } from '../../client/index.js';
import type { AgentIdentity, AgentState } from '../../domain/index.js';
import { withoutHarm } from '../shared/never-harm.js';

/** Bound of one state report (agent-adapters.md §1.3). */
const REPORT_TIMEOUT_MS = 2_000;

/**
 * Sends one session's states in order, one at a time, and only the latest
 * of those that piled up while one was on its way: a burst of changes costs
 * at most two reports and no memory. Failures are dropped (the daemon may
 * be gone); the editor and the agent never wait for it. No lease id goes
 * with them: the lease named the session when it registered, and a state
 * carrying the id would make the daemon announce the binding again.
 */
export class StateReporter {
  readonly #client: PadLatticeClient;
  #next: AgentState | null = null;
  #sending: Promise<void> | null = null;

  constructor(
    socketPath: string,
    private readonly identity: AgentIdentity,
  ) {
    this.#client = new PadLatticeClient({ socketPath, timeoutMs: REPORT_TIMEOUT_MS });
  }

  report(state: AgentState): void {
    this.#next = state;
    this.#sending ??= this.#drain();
  }

  /** Resolves once every report asked for so far was tried. */
  async settled(): Promise<void> {
    await this.#sending;
  }

  async #drain(): Promise<void> {
    for (let state = this.#next; state !== null; state = this.#next) {
      this.#next = null;
      await withoutHarm(() => this.#client.reportState(state as AgentState, { agent: this.identity }), REPORT_TIMEOUT_MS);
    }
    this.#sending = null;
  }
}
