import type { Thread, ThreadStatus } from './protocol.js';

/** Threads judged so far; a session has a handful, and the oldest judgement goes first past this. */
const REMEMBERED_THREADS = 256;

/**
 * Which of the app-server's threads is the TUI's, the one the pad shows.
 * Codex announces a thread it creates (`thread/started`: the TUI's first
 * chat, `/new`), but one it loads from disk (`codex resume`, `/resume`) only
 * through its status changes, which every client hears. A thread is
 * followable unless it is ephemeral (Codex's title generator) or a
 * subagent's. A new followable thread, or one that turns active, is the
 * TUI's from then on; a followed one that falls quiet stays behind.
 */
export class ThreadChoice {
  readonly #judged = new Map<string, Thread | null>();
  #followed: Thread | null = null;

  constructor(private readonly read: (threadId: string) => Promise<Thread | null>) {}

  get followed(): Thread | null {
    return this.#followed;
  }

  /** Of the threads loaded when Pad-Lattice joined, the newest followable one (ids are UUIDv7: the greatest is the newest). */
  async loaded(threadIds: readonly string[]): Promise<Thread | null> {
    let newest: Thread | null = null;
    for (const id of threadIds) {
      const thread = await this.#judge(id);
      if (thread !== null && (newest === null || thread.id > newest.id)) newest = thread;
    }
    return this.#follow(newest);
  }

  /** `thread/started`: a thread the TUI just created. */
  started(thread: Thread): Thread | null {
    this.#remember(thread.id, isFollowable(thread) ? thread : null);
    return this.#follow(this.#judged.get(thread.id) ?? null);
  }

  /** A status change of a thread other than the followed one: the thread to follow now, or null. */
  async statusChanged(threadId: string, status: ThreadStatus): Promise<Thread | null> {
    if (threadId === this.#followed?.id || (status.type !== 'active' && status.type !== 'idle')) return null;
    const known = this.#judged.has(threadId);
    const thread = known ? (this.#judged.get(threadId) ?? null) : await this.#judge(threadId);
    // A thread seen before that is merely idle again (the chat before a /new) is not taken back.
    if (known && status.type !== 'active') return null;
    return this.#follow(thread);
  }

  #follow(thread: Thread | null): Thread | null {
    if (thread === null || thread.id === this.#followed?.id) return null;
    this.#followed = thread;
    return thread;
  }

  async #judge(threadId: string): Promise<Thread | null> {
    const thread = await this.read(threadId);
    this.#remember(threadId, thread !== null && isFollowable(thread) ? thread : null);
    return this.#judged.get(threadId) ?? null;
  }

  #remember(threadId: string, thread: Thread | null): void {
    this.#judged.delete(threadId);
    this.#judged.set(threadId, thread);
    if (this.#judged.size > REMEMBERED_THREADS) this.#judged.delete(this.#judged.keys().next().value!);
  }
}

/** Not Codex's title generator (ephemeral) nor a subagent: the subagents' prompts stay in the TUI. */
function isFollowable(thread: Thread): boolean {
  return thread.ephemeral !== true && (thread.parentThreadId ?? null) === null;
}
