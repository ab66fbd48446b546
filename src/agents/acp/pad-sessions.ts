import { makeIdentity } from '../../domain/index.js';
import { PadSession } from './pad-session.js';

/** Sessions one proxy shows at once; an agent that opens more keeps working, the rest stay off the pad. */
const MAX_SESSIONS = 32;

export interface PadSessionsContext {
  readonly socketPath: string;
  readonly label: string | null;
  /** Stop was pressed for the session `sessionId`. */
  readonly onStop: (sessionId: string) => void;
  /** Said once, the first time the daemon could not be reached. */
  readonly onUnavailable: () => void;
  /** Said once, when the limit keeps a session off the pad. */
  readonly onFull: () => void;
}

/** The ACP sessions of one proxy that are on the pad, by ACP session id. */
export class PadSessions {
  readonly #context: PadSessionsContext;
  readonly #sessions = new Map<string, PadSession>();
  readonly #closing = new Set<Promise<void>>();
  #toldUnavailable = false;
  #toldFull = false;

  constructor(context: PadSessionsContext) {
    this.#context = context;
  }

  get(sessionId: string | null): PadSession | undefined {
    return sessionId === null ? undefined : this.#sessions.get(sessionId);
  }

  /** Puts the session on the pad (once), labelled by `--label`, else by its working directory. */
  open(backend: string, sessionId: string, cwd: string | null): void {
    if (this.#sessions.has(sessionId)) return;
    if (this.#sessions.size >= MAX_SESSIONS) {
      if (!this.#toldFull) this.#context.onFull();
      this.#toldFull = true;
      return;
    }
    const metadata: Record<string, string> = {};
    if (cwd !== null) metadata['cwd'] = cwd;
    if (this.#context.label !== null) metadata['label'] = this.#context.label;
    const session = new PadSession({
      socketPath: this.#context.socketPath,
      identity: makeIdentity(backend, sessionId),
      metadata,
      onStop: () => this.#context.onStop(sessionId),
    });
    this.#sessions.set(sessionId, session);
    if (!this.#toldUnavailable)
      void session.reached().then((reached) => {
        if (reached || this.#toldUnavailable) return;
        this.#toldUnavailable = true;
        this.#context.onUnavailable();
      });
  }

  /** The session ended (`session/close`): it leaves the pad. */
  close(sessionId: string): void {
    const session = this.#sessions.get(sessionId);
    if (session === undefined) return;
    this.#sessions.delete(sessionId);
    const closing = session.close();
    this.#closing.add(closing);
    void closing.finally(() => this.#closing.delete(closing));
  }

  /** Every session leaves the pad; resolves when the daemon was told (or gave up on, within the lease's bound). */
  async closeAll(): Promise<void> {
    for (const sessionId of [...this.#sessions.keys()]) this.close(sessionId);
    await Promise.all(this.#closing);
  }
}
