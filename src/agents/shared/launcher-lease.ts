import { PadLatticeClient, type SessionLease, type SessionReport } from '../../client/index.js';
import type { AgentIdentity } from '../../domain/index.js';

/** The reference launcher retries one second after any loss, forever (agent-adapters.md §A.8). */
export const LEASE_RETRY_MS = 1_000;
/** How long a launcher waits for the first attempt before starting the agent anyway (§A.7 step 4). */
export const FIRST_ATTEMPT_WAIT_MS = 250;
/** Upper bound on closing (§A.8 item 4). */
const CLOSE_WAIT_MS = 2_000;
/** Bound of each connect, write and read step of one registration. */
const STEP_TIMEOUT_MS = 2_000;

export interface LauncherLeaseOptions {
  readonly socketPath: string;
  /** Hex32, generated once per launcher run; the agent's hooks carry it as `lease_id`. */
  readonly leaseId: string;
  /** The identity to name before the daemon bound one (the Codex launcher's placeholder). */
  readonly agent?: AgentIdentity;
  /** `{cwd}` plus `label` when given; sent on every registration. */
  readonly metadata: Readonly<Record<string, string>>;
  /** Every session the daemon reports on the lease connection (ack or `session_lease_bound`): title updates. */
  readonly onSession?: (session: SessionReport) => void;
  /** Pause between attempts; tests shorten it. */
  readonly retryMs?: number;
}

/**
 * The session lease a launcher holds for its child's lifetime (agent-adapters.md
 * §A.8), built on the client's SessionLease: it keeps trying until the daemon
 * is there, re-registers with a constant 1 s pause after every loss, and
 * remembers the identity the daemon bound so a restarted daemon gets the
 * session back. It never throws: a missing daemon only means "not yet".
 */
export class LauncherLease {
  #lease: SessionLease | null = null;
  #identity: AgentIdentity | null = null;
  #closed = false;
  #retryTimer: NodeJS.Timeout | null = null;
  #wakeRetry: (() => void) | null = null;
  readonly #firstAttempt: Promise<boolean>;
  #settleFirst: (connected: boolean) => void = () => undefined;
  readonly #loop: Promise<void>;

  private constructor(private readonly options: LauncherLeaseOptions) {
    this.#identity = options.agent ?? null;
    this.#firstAttempt = new Promise((resolve) => {
      this.#settleFirst = resolve;
    });
    this.#loop = this.#registerUntilHeld();
  }

  /** Starts registering in the background. */
  static start(options: LauncherLeaseOptions): LauncherLease {
    return new LauncherLease(options);
  }

  get leaseId(): string {
    return this.options.leaseId;
  }

  /** The identity the daemon bound to the lease, once known. */
  get identity(): AgentIdentity | null {
    return this.#lease?.identity ?? this.#identity;
  }

  /** True while a registered lease connection is open. */
  get connected(): boolean {
    return this.#lease?.connected ?? false;
  }

  /**
   * Whether the first attempt reached the daemon's socket, waiting at most
   * `timeoutMs` (false when it failed or is still connecting). Reaching the
   * socket is enough: a daemon busy enough to ack late is still there, and
   * "daemon unavailable" would send the user looking for a problem that
   * does not exist.
   */
  async firstAttemptConnected(timeoutMs: number = FIRST_ATTEMPT_WAIT_MS): Promise<boolean> {
    let timer: NodeJS.Timeout | null = null;
    const late = new Promise<boolean>((resolve) => {
      // A launcher starved of CPU past the deadline runs timers before I/O callbacks:
      // the setImmediate lets a connect that already completed be heard first.
      timer = setTimeout(() => setImmediate(() => resolve(false)), timeoutMs);
    });
    try {
      return await Promise.race([this.#firstAttempt, late]);
    } finally {
      if (timer !== null) clearTimeout(timer);
    }
  }

  /** Stops retrying and releases the lease (the daemon removes the bound session); waits at most 2 s. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#retryTimer !== null) clearTimeout(this.#retryTimer);
    this.#wakeRetry?.();
    const done = Promise.all([this.#loop, this.#lease?.close()]).then(() => undefined);
    let timer: NodeJS.Timeout | null = null;
    await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    if (timer !== null) clearTimeout(timer);
  }

  /**
   * Until the first registration succeeds, retry here; after that the
   * client's SessionLease reconnects on its own (same 1 s pause, remembered identity).
   */
  async #registerUntilHeld(): Promise<void> {
    const retryMs = this.options.retryMs ?? LEASE_RETRY_MS;
    const client = new PadLatticeClient({ socketPath: this.options.socketPath, timeoutMs: STEP_TIMEOUT_MS });
    while (!this.#closed) {
      try {
        const lease = await client.sessionLease({
          leaseId: this.options.leaseId,
          agent: this.#identity,
          metadata: this.options.metadata,
          backoff: { initialDelayMs: retryMs, maxDelayMs: retryMs },
          // Attached before registering: the ack and a binding right behind it arrive before open() returns.
          listeners: { reached: () => this.#settleFirst(true), bound: (session) => this.#learn(session) },
        });
        if (this.#closed) {
          await lease.close();
          return;
        }
        this.#lease = lease;
        this.#settleFirst(true);
        return;
      } catch {
        this.#settleFirst(false);
        await this.#pause(retryMs);
      }
    }
  }

  #learn(session: SessionReport): void {
    this.#identity = session.identity;
    this.options.onSession?.(session);
  }

  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.#wakeRetry = resolve;
      this.#retryTimer = setTimeout(resolve, ms);
    });
  }
}
