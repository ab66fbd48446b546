import { readFileSync } from 'node:fs';
import type { AgentIdentity } from '../../domain/identity.js';
import type { AccentStore } from './accent-store.js';
import { AccentPreferences, DEFAULT_ACCENT_STORE_BOUND, wallClockSeconds } from './accent-preferences.js';
import { accentStoreKey } from './accent-store-key.js';
import { writeFileAtomically } from './atomic-write.js';
import { WRITE_AT_ONCE, type WriteScheduler } from './write-behind.js';

export interface FileAccentStoreOptions {
  /** The store file; see defaultAccentStorePath() for the standard location. */
  readonly path: string;
  /** Wall-clock seconds since the Unix epoch (not the control plane's monotonic clock). */
  readonly wallClock?: () => number;
  /** Most entries kept; 256 unless a test needs a small bound. */
  readonly maxEntries?: number;
  /** When the file is rewritten after a change; default at once. The daemon writes behind (write-behind.ts). */
  readonly writes?: WriteScheduler;
}

// fatal: invalid UTF-8 means "no preferences", never a half-decoded file; ignoreBOM keeps a BOM so JSON.parse rejects it as Python does.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function loadPreferences(path: string, bound: number): AccentPreferences {
  let text: string;
  try {
    text = STRICT_UTF8.decode(readFileSync(path));
  } catch {
    return new AccentPreferences(bound);
  }
  return AccentPreferences.fromJson(text, bound);
}

/**
 * The persistent accent store of control-plane.md §15. The file is read once,
 * here in the constructor; a remember asks `writes` to rewrite it atomically
 * (at once unless told otherwise), always with the newest entries. No I/O
 * failure ever escapes: the in-memory entry is what later lookups see.
 */
export class FileAccentStore implements AccentStore {
  readonly path: string;
  readonly #wallClock: () => number;
  readonly #preferences: AccentPreferences;
  readonly #writes: WriteScheduler;
  readonly #write = () => this.#writeFile();

  constructor(options: FileAccentStoreOptions) {
    this.path = options.path;
    this.#wallClock = options.wallClock ?? wallClockSeconds;
    this.#writes = options.writes ?? WRITE_AT_ONCE;
    this.#preferences = loadPreferences(options.path, options.maxEntries ?? DEFAULT_ACCENT_STORE_BOUND);
  }

  preferredAccent(identity: AgentIdentity): string | null {
    return this.#preferences.accentFor(accentStoreKey(identity));
  }

  remember(identity: AgentIdentity, accent: string): void {
    if (accent === '') return; // Nothing to prefer; the interface must not throw.
    this.#preferences.remember(accentStoreKey(identity), accent, this.#wallClock());
    this.#writes.request(this.#write);
  }

  #writeFile(): void {
    try {
      writeFileAtomically(this.path, this.#preferences.toJson());
    } catch {
      // Persistence is best effort (§15.7): the daemon keeps running with the in-memory entry.
    }
  }
}
