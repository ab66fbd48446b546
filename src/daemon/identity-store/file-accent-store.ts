import type { AgentIdentity } from '../../domain/identity.js';
import { fileProblem } from '../../support/file-errors.js';
import { UnsafePathError } from '../../support/private-file.js';
import { SILENT_LOGGER, type Logger } from '../../support/logger.js';
import type { AccentStore } from '../control-plane/accent-store.js';
import { type AccentPreferences, DEFAULT_ACCENT_STORE_BOUND, wallClockSeconds } from './accent-preferences.js';
import { loadAccentStoreFile } from './accent-store-file.js';
import { accentStoreKey } from './accent-store-key.js';
import { writeFileAtomically, writeFileAtomicallyInBackground } from './atomic-write.js';
import { WRITE_AT_ONCE, type WriteScheduler } from './write-behind.js';

export interface FileAccentStoreOptions {
  /** The store file; see defaultAccentStorePath() for the standard location. */
  readonly path: string;
  /** Wall-clock seconds since the Unix epoch (not the control plane's monotonic clock). */
  readonly wallClock?: () => number;
  /** Most entries kept; 256 unless a test needs a small bound. */
  readonly maxEntries?: number;
  /** Where cleaned-up debris, a moved-aside corrupt file and a failing write are reported. */
  readonly logger?: Logger;
  /** When the file is rewritten after a change; default at once. The daemon writes behind (write-behind.ts). */
  readonly writes?: WriteScheduler;
}

/**
 * The persistent accent store of control-plane.md §15. The file is read once,
 * here in the constructor; a remember asks `writes` to rewrite it atomically
 * (at once unless told otherwise), always with the newest entries. No I/O
 * failure ever escapes: the in-memory entry is what later lookups see, and
 * the logger hears of it once.
 */
export class FileAccentStore implements AccentStore {
  readonly path: string;
  readonly #wallClock: () => number;
  readonly #preferences: AccentPreferences;
  readonly #logger: Logger;
  /** The last write failure logged, so a store that cannot be written says so once, not on every slot. */
  #reportedFailure: string | null = null;
  readonly #writes: WriteScheduler;
  readonly #write = (inBackground: boolean) => this.#writeFile(inBackground);
  /** Counts the writes started, so a background write finishing after a newer one started drops itself. */
  #writesStarted = 0;

  constructor(options: FileAccentStoreOptions) {
    this.path = options.path;
    this.#wallClock = options.wallClock ?? wallClockSeconds;
    this.#logger = options.logger ?? SILENT_LOGGER;
    this.#writes = options.writes ?? WRITE_AT_ONCE;
    this.#preferences = loadAccentStoreFile(options.path, options.maxEntries ?? DEFAULT_ACCENT_STORE_BOUND, this.#logger);
  }

  preferredAccent(identity: AgentIdentity): string | null {
    return this.#preferences.accentFor(accentStoreKey(identity));
  }

  remember(identity: AgentIdentity, accent: string): void {
    if (accent === '') return; // Nothing to prefer; the interface must not throw.
    this.#preferences.remember(accentStoreKey(identity), accent, this.#wallClock());
    this.#writes.request(this.#write);
  }

  #writeFile(inBackground: boolean): void {
    const thisWrite = ++this.#writesStarted;
    const finished = (error: unknown) => {
      // Persistence is best effort (§15.7): the daemon keeps running with the in-memory entry.
      if (error) this.#reportWriteFailure(writeFailureText(this.path, error));
      else this.#reportedFailure = null;
    };
    const text = this.#preferences.toJson();
    if (inBackground) writeFileAtomicallyInBackground(this.path, text, () => thisWrite === this.#writesStarted, finished);
    else {
      try {
        writeFileAtomically(this.path, text);
        finished(null);
      } catch (error) {
        finished(error);
      }
    }
  }

  #reportWriteFailure(message: string): void {
    if (message === this.#reportedFailure) return;
    this.#reportedFailure = message;
    this.#logger.warn(`identity store not saved (accents are kept until the daemon stops): ${message}`);
  }
}

function writeFailureText(path: string, error: unknown): string {
  if (error instanceof UnsafePathError) return error.message;
  return `cannot write ${path}: ${fileProblem(error)}; check that its folder exists and is writable, or pass --identity-store PATH`;
}
