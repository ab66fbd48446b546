import type { SessionReport } from '../../client/index.js';
import { sessionTitle, writeTitle, writeToSink, type TitleSink } from './terminal-title.js';

/** XTWINOPS 22;0 / 23;0: push and pop the icon and window title on the terminal's title stack. */
export const PUSH_TITLE = '\x1b[22;0t';
export const POP_TITLE = '\x1b[23;0t';

/**
 * The terminal title a launcher owns while its agent runs (agent-adapters.md
 * §B.8.4, and for Codex too: its hooks run without a terminal). Each session
 * the daemon reports on the lease connection may retitle the terminal; a
 * title is written only when it changes, and a session without a Scene
 * leaves it as it is. The title the terminal had before is pushed before the
 * first write and popped by `restore()` once the agent has exited.
 */
export class LauncherTitle {
  #last: string | null = null;

  constructor(private readonly sink: TitleSink) {}

  update(session: SessionReport): void {
    const title = sessionTitle(session);
    if (title === null || title === this.#last) return;
    if (this.#last === null) writeToSink(this.sink, PUSH_TITLE);
    this.#last = title;
    writeTitle(this.sink, title);
  }

  /** Puts back the title from before the first update; nothing when none was written. */
  restore(): void {
    if (this.#last === null) return;
    this.#last = null;
    writeToSink(this.sink, POP_TITLE);
  }
}
