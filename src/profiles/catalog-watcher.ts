import { watch, type FSWatcher } from 'node:fs';
import { ProfileCatalog, type ProfileProblem } from './catalog.js';
import type { DeviceProfile } from './device-profile.js';
import { loadProfilesFrom, problemFromError, type CatalogLoad } from './load-catalog.js';
import { parseProfileFile, surfaceProfilesById, type ProfileFile } from './profile-file.js';
import { isDirectory, listProfileFiles } from './profile-roots.js';
import { ProfileFileError } from './errors.js';
import { readProfileText } from './load-file.js';
import type { SurfaceProfile } from './surface/surface-schema.js';

export interface CatalogWatcherOptions {
  readonly builtinRoot: string;
  readonly userRoots: readonly string[];
  /** Quiet time after the last file event before rescanning (editors write in bursts). */
  readonly debounceMs?: number;
  /** Periodic rescan that catches missed events and roots created later; 0 disables it. */
  readonly rescanIntervalMs?: number;
  /** Called after a rescan that found a user profile file added, changed or removed. */
  readonly onChange?: (load: CatalogLoad) => void;
  /** Called when a rescan itself fails (e.g. a root became unreadable); watching goes on. */
  readonly onError?: (error: unknown) => void;
}

interface FileState {
  readonly text: string;
  /** The last version of this file that passed validation, kept while the file is broken. */
  readonly good: ProfileFile | undefined;
  readonly problem: ProfileProblem | undefined;
}

/**
 * A catalog that follows the user roots while the process runs: a new or
 * changed profile file — a MIDI device profile or a serial/HID surface profile
 * — appears without a restart; a broken edit is reported with its errors
 * while the last good version of that file stays in use. Uses fs.watch
 * (recursive) with a debounce, plus a periodic rescan fallback.
 */
export class CatalogWatcher {
  private builtins: readonly DeviceProfile[] = [];
  private builtinSurfaces: readonly SurfaceProfile[] = [];
  private builtinProblems: readonly ProfileProblem[] = [];
  private files = new Map<string, FileState>();
  private current: CatalogLoad = { catalog: ProfileCatalog.fromProfiles([]).catalog, surfaces: [], problems: [] };
  private readonly watchers = new Map<string, FSWatcher>();
  private debounceTimer: NodeJS.Timeout | undefined;
  private intervalTimer: NodeJS.Timeout | undefined;
  private tail: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;
  private closed = false;
  private started = false;

  private constructor(private readonly options: CatalogWatcherOptions) {}

  /** Loads the built-ins and the user roots once, then starts watching. */
  static async start(options: CatalogWatcherOptions): Promise<CatalogWatcher> {
    const watcher = new CatalogWatcher(options);
    const builtins = await loadProfilesFrom([options.builtinRoot]);
    watcher.builtins = builtins.profiles;
    watcher.builtinSurfaces = builtins.surfaces;
    watcher.builtinProblems = builtins.problems;
    watcher.current = watcher.assemble();
    await watcher.rescan();
    watcher.started = true;
    const interval = options.rescanIntervalMs ?? 5000;
    if (interval > 0) watcher.intervalTimer = setInterval(() => void watcher.rescan(), interval);
    return watcher;
  }

  /** The catalog as of the last rescan, with the problems of the files that could not join it. */
  get snapshot(): CatalogLoad {
    return this.current;
  }

  /** Rescans the user roots; calls made while a rescan is waiting to start share it. */
  rescan(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.queued !== undefined) return this.queued;
    const run = this.tail.then(async () => {
      this.queued = undefined;
      if (this.closed) return;
      try {
        await this.scanOnce();
      } catch (error) {
        this.options.onError?.(error);
      }
    });
    this.queued = run;
    this.tail = run;
    return run;
  }

  /** Stops watching; resolves once a rescan in progress has finished. Safe to call twice. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.debounceTimer);
    clearInterval(this.intervalTimer);
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    await this.tail;
  }

  private schedule(): void {
    if (this.closed) return;
    clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => void this.rescan(), this.options.debounceMs ?? 200);
  }

  private watchRoot(root: string): void {
    if (this.closed || this.watchers.has(root)) return;
    try {
      const watcher = watch(root, { recursive: true }, () => this.schedule());
      // A removed root errors: forget it; a later rescan watches it again once it is back.
      watcher.on('error', () => {
        watcher.close();
        this.watchers.delete(root);
        this.schedule();
      });
      this.watchers.set(root, watcher);
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private async scanOnce(): Promise<void> {
    const next = new Map<string, FileState>();
    let changed = false;
    for (const root of this.options.userRoots) {
      if (await isDirectory(root)) this.watchRoot(root);
      for (const path of await listProfileFiles(root)) {
        const state = await this.readFileState(path);
        if (state === undefined) continue;
        if (state !== this.files.get(path)) changed = true;
        next.set(path, state);
      }
    }
    if ([...this.files.keys()].some((path) => !next.has(path))) changed = true;
    this.files = next;
    if (!changed || this.closed) return;
    this.current = this.assemble();
    if (this.started) this.options.onChange?.(this.current);
  }

  /** The file's new state, the previous state object when the text is unchanged, or undefined if it vanished. */
  private async readFileState(path: string): Promise<FileState | undefined> {
    let text: string;
    try {
      // Never readFile: a FIFO named *.json would block the watcher for good (readProfileText refuses it).
      text = await readProfileText(path);
    } catch (error) {
      if (error instanceof ProfileFileError && error.detail !== 'profile file not found')
        return { text: '', good: undefined, problem: problemFromError(path, error) };
      return undefined;
    }
    const previous = this.files.get(path);
    if (previous !== undefined && previous.text === text) return previous;
    try {
      return { text, good: parseProfileFile(text, path), problem: undefined };
    } catch (error) {
      return { text, good: previous?.good, problem: problemFromError(path, error) };
    }
  }

  private assemble(): CatalogLoad {
    const userProfiles: DeviceProfile[] = [];
    const userSurfaces: SurfaceProfile[] = [];
    const fileProblems: ProfileProblem[] = [];
    for (const state of this.files.values()) {
      if (state.good?.kind === 'device') userProfiles.push(state.good.profile);
      if (state.good?.kind === 'surface') userSurfaces.push(state.good.profile);
      if (state.problem !== undefined) fileProblems.push(state.problem);
    }
    const { catalog, problems } = ProfileCatalog.fromProfiles([...this.builtins, ...userProfiles]);
    const surfaces = surfaceProfilesById([...this.builtinSurfaces, ...userSurfaces]);
    return { catalog, surfaces, problems: [...this.builtinProblems, ...fileProblems, ...problems] };
  }
}
