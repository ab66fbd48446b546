/**
 * Remembers which conditions were already reported, so a problem that holds
 * on every once-a-second port scan is logged when it starts — and again only
 * after it went away and came back.
 */
export class NoticeBoard {
  #current = new Set<string>();

  /** The notices that hold now; returns the ones that did not hold before. */
  update(notices: readonly string[]): string[] {
    const fresh = notices.filter((notice) => !this.#current.has(notice));
    this.#current = new Set(notices);
    return fresh;
  }
}

/** The last problem reported per key (a device), so the same failure is not repeated every scan. */
export class ProblemMemory {
  readonly #last = new Map<string, string>();

  /** True when `problem` differs from the last one reported for `key` (and records it). */
  isNew(key: string, problem: string): boolean {
    if (this.#last.get(key) === problem) return false;
    this.#last.set(key, problem);
    return true;
  }

  /** Forgets what was reported for `key`: its next problem is news. */
  forget(key: string): void {
    this.#last.delete(key);
  }

  /** Forgets keys not in `keep` (devices that left the listing report afresh when they return). */
  retain(keep: ReadonlySet<string>): void {
    for (const key of this.#last.keys()) if (!keep.has(key)) this.#last.delete(key);
  }
}
