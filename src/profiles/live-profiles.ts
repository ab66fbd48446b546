import { catalogChanges } from './catalog-changes.js';
import type { CatalogLoad } from './load-catalog.js';
import type { Logger } from '../support/logger.js';

/** A catalog that follows the profile folders (profiles' CatalogWatcher fits). */
export interface WatchedCatalog {
  readonly snapshot: CatalogLoad;
  close(): Promise<void>;
}

/**
 * The profile folders as the daemon follows them: the catalog of now — MIDI
 * device profiles and serial/HID surface profiles — and a word to every
 * listener after each change.
 */
export interface LiveProfiles {
  readonly snapshot: CatalogLoad;
  /** `listener` runs after each later change, once the change is logged. */
  onChange(listener: (load: CatalogLoad) => void): void;
  close(): Promise<void>;
}

export interface FollowProfilesSetup {
  /** Starts watching; each later load goes to `onChange`. */
  readonly watch: (onChange: (load: CatalogLoad) => void) => Promise<WatchedCatalog>;
  readonly logger: Logger;
  /** True for the packaged profiles' files, which the log sums up in one line per kind. */
  readonly isBuiltinSource: (source: string) => boolean;
}

/**
 * Starts following the profile folders: one watcher for every hub of the
 * process, and one log of it — every profile loaded, reloaded, refused or
 * dropped, each once per change (catalogChanges escapes file names).
 */
export async function followProfiles(setup: FollowProfilesSetup): Promise<LiveProfiles> {
  const listeners: ((load: CatalogLoad) => void)[] = [];
  let logged: CatalogLoad | null = null;
  const log = (load: CatalogLoad) => {
    for (const line of catalogChanges(logged, load, setup.isBuiltinSource)) setup.logger[line.level](line.text);
    logged = load;
  };
  const watched = await setup.watch((load) => {
    log(load);
    for (const listener of listeners) listener(load);
  });
  log(watched.snapshot);
  return {
    get snapshot() {
      return watched.snapshot;
    },
    onChange: (listener) => void listeners.push(listener),
    close: () => watched.close(),
  };
}
