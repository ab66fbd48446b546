import type { SessionReport } from '../../client/index.js';
import type { AgentIdentity, AgentState } from '../../domain/index.js';
import { hex32 } from '../shared/hex32.js';
import { LauncherLease } from '../shared/launcher-lease.js';
import { StateReporter } from './state-reporter.js';
import { StopListener } from './stop-listener.js';

export interface PadSessionOptions {
  readonly socketPath: string;
  readonly identity: AgentIdentity;
  /** `cwd` and `label` when known: what the Scene is called. */
  readonly metadata: Readonly<Record<string, string>>;
  /** Stop was pressed on the pad for this session. */
  readonly onStop: () => void;
}

/**
 * One ACP session on the pad, for as long as it lives: a lease that names it
 * from the start (so it shows before anything happens and leaves when the
 * proxy or the session ends), the state it shows, and Stop. The shown
 * state follows from what is open: a permission request shows "waiting for
 * approval", a form "waiting for reply", otherwise the turn's own state.
 */
export class PadSession {
  readonly identity: AgentIdentity;
  readonly #lease: LauncherLease;
  readonly #reporter: StateReporter;
  readonly #stop: StopListener;
  #turn: AgentState = 'waiting_for_reply';
  #approvals = 0;
  #questions = 0;
  /** What the daemon was last asked to show (a new lease starts in `waiting_for_reply`). */
  #shown: AgentState = 'waiting_for_reply';
  #closed = false;

  constructor(options: PadSessionOptions) {
    this.identity = options.identity;
    this.#reporter = new StateReporter(options.socketPath, options.identity);
    this.#lease = LauncherLease.start({
      socketPath: options.socketPath,
      leaseId: hex32(),
      agent: options.identity,
      metadata: options.metadata,
      // A daemon that (re)registered the lease shows `waiting_for_reply`; put back what is true now.
      onSession: (session) => this.#resync(session),
    });
    this.#stop = new StopListener(options.socketPath, options.identity, options.onStop);
  }

  /** Whether the daemon's socket answered the lease's first attempt (at most `timeoutMs`). */
  reached(timeoutMs?: number): Promise<boolean> {
    return this.#lease.firstAttemptConnected(timeoutMs);
  }

  turnStarted(): void {
    this.#setTurn('running');
  }

  turnEnded(state: AgentState): void {
    this.#setTurn(state);
  }

  approvalOpened(): void {
    this.#approvals += 1;
    this.#show();
  }

  approvalClosed(): void {
    this.#approvals = Math.max(0, this.#approvals - 1);
    this.#show();
  }

  questionOpened(): void {
    this.#questions += 1;
    this.#show();
  }

  questionClosed(): void {
    this.#questions = Math.max(0, this.#questions - 1);
    this.#show();
  }

  /** Withdraws Stop, lets the last state go out, and releases the lease: the session leaves the pad. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#stop.close();
    await this.#reporter.settled();
    await this.#lease.close();
  }

  #setTurn(state: AgentState): void {
    this.#turn = state;
    this.#show();
  }

  #wanted(): AgentState {
    if (this.#approvals > 0) return 'waiting_for_approval';
    if (this.#questions > 0) return 'waiting_for_reply';
    return this.#turn;
  }

  #show(): void {
    const wanted = this.#wanted();
    if (this.#closed || wanted === this.#shown) return;
    this.#shown = wanted;
    this.#reporter.report(wanted);
  }

  #resync(session: SessionReport): void {
    if (this.#closed || session.state === this.#shown) return;
    this.#reporter.report(this.#shown);
  }
}
