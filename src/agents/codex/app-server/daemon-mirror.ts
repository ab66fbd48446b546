import { PadLatticeClient } from '../../../client/index.js';
import { makeIdentity, type AgentIdentity, type AgentState } from '../../../domain/index.js';
import { withoutHarm } from '../../shared/never-harm.js';

/** Bound of one report (agent-adapters.md §1.3). */
const STEP_TIMEOUT_MS = 2_000;

export interface MirrorOptions {
  readonly socketPath: string;
  /** The launcher's lease: every state carries it, so the daemon binds the lease to the thread's identity. */
  readonly leaseId: string;
  /** The launcher's placeholder, ended when the first thread is adopted (placeholder.ts). */
  readonly placeholder: AgentIdentity;
  readonly label: string | null;
}

/** What the pad names a thread by, and shows about it. */
export interface MirroredThread {
  readonly id: string;
  readonly cwd: string | null;
  readonly model: string | null;
}

/**
 * The session the pad shows for one Codex TUI: the identity of the thread
 * it follows (`codex/<thread id>`, the same session id its hooks would
 * report), and that thread's state. Every daemon operation runs in one
 * queue, in order, so a withdrawn approval is gone before the next state is
 * reported (the daemon turns every state into waiting_for_approval while an
 * approval subscription lives). Failures are dropped: the TUI never notices.
 */
export class DaemonMirror {
  readonly #client: PadLatticeClient;
  #queue: Promise<void> = Promise.resolve();
  #thread: MirroredThread | null = null;
  #last: AgentState | null = null;

  constructor(private readonly options: MirrorOptions) {
    this.#client = new PadLatticeClient({ socketPath: options.socketPath, timeoutMs: STEP_TIMEOUT_MS });
  }

  /** The identity reported now (null before a thread was adopted). */
  get identity(): AgentIdentity | null {
    return this.#thread === null ? null : makeIdentity('codex', this.#thread.id);
  }

  /**
   * Names `thread` as the session from now on: the first one takes over the
   * placeholder's Scene; a later one (a new chat in the TUI) rebinds the
   * lease, which ends the previous thread's session.
   */
  adopt(thread: MirroredThread): void {
    const first = this.#thread === null;
    this.#thread = thread;
    this.#last = null;
    if (first) this.run(() => this.#client.endSession(this.options.placeholder));
    this.report('waiting_for_reply');
  }

  /** Reports `state` unless it is the one reported last. */
  report(state: AgentState): void {
    const identity = this.identity;
    if (identity === null || state === this.#last) return;
    this.#last = state;
    const metadata: Record<string, string> = {};
    if (this.#thread?.cwd) metadata['cwd'] = this.#thread.cwd;
    if (this.#thread?.model) metadata['model'] = this.#thread.model;
    if (this.options.label !== null) metadata['label'] = this.options.label;
    this.run(() => this.#client.reportState(state, { agent: identity, metadata, leaseId: this.options.leaseId }));
  }

  /** Queues `task` behind everything sent so far. */
  run(task: () => Promise<unknown>): void {
    this.#queue = this.#queue.then(async () => {
      await withoutHarm(task, STEP_TIMEOUT_MS * 2);
    });
  }

  /** Resolves once everything queued so far is done. */
  settled(): Promise<void> {
    return this.#queue;
  }
}
