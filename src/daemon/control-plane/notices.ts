import type { IdentityKey, NoticeKind, NoticePrompt } from '../../domain/index.js';

/** Seconds a refused request shows: long enough to look up and read, short enough not to linger. */
export const DENIED_NOTICE_HOLD = 5;
/** A bound on "until the state changes", so a notice whose agent went quiet cannot stay for good. */
export const TERMINAL_NOTICE_LIMIT = 900;

interface Notice {
  readonly prompt: NoticePrompt;
  readonly until: number;
}

/**
 * The one notice each session shows (a Pad-Lattice extension, NoticePrompt):
 * a newer notice replaces the older. A refusal lasts DENIED_NOTICE_HOLD
 * seconds whatever the agent does meanwhile (it goes on running); "answer in
 * the terminal" lasts until the session's state changes (the user answered,
 * or the turn ended).
 */
export class NoticeTable {
  readonly #byKey = new Map<IdentityKey, Notice>();

  post(key: IdentityKey, prompt: NoticePrompt, now: number): void {
    const hold = prompt.notice === 'denied' ? DENIED_NOTICE_HOLD : TERMINAL_NOTICE_LIMIT;
    this.#byKey.set(key, { prompt, until: now + hold });
  }

  shownFor(key: IdentityKey): NoticePrompt | null {
    return this.#byKey.get(key)?.prompt ?? null;
  }

  /** The session's state changed: input the terminal took is no longer asked for. True if a notice went. */
  stateChanged(key: IdentityKey): boolean {
    if (this.#byKey.get(key)?.prompt.notice !== ('answer_in_terminal' satisfies NoticeKind)) return false;
    return this.#byKey.delete(key);
  }

  removeIdentity(key: IdentityKey): void {
    this.#byKey.delete(key);
  }

  /** When `expire` will next drop a notice; Infinity without any. */
  nextExpiry(): number {
    let earliest = Number.POSITIVE_INFINITY;
    for (const notice of this.#byKey.values()) earliest = Math.min(earliest, notice.until);
    return earliest;
  }

  /** Drops the notices whose time is up; true if any went. */
  expire(now: number): boolean {
    let changed = false;
    for (const [key, notice] of this.#byKey) {
      if (now < notice.until) continue;
      this.#byKey.delete(key);
      changed = true;
    }
    return changed;
  }
}
