import { ProfileCatalog, type ProfileProblem } from './catalog.js';
import type { DeviceProfile } from './device-profile.js';
import { ProfileFileError, ProfileValidationError } from './errors.js';
import { parseProfileText, readProfileText } from './load-file.js';
import { declaresSurfaceDriver } from './surface/surface-catalog.js';
import { listProfileFiles } from './profile-roots.js';
import { errorMessage } from '../support/error-message.js';

export interface CatalogSources {
  /** The packaged `profiles/` folder. */
  readonly builtinRoot: string;
  /** User roots in load order (see userProfileRoots); omit for built-ins only. */
  readonly userRoots?: readonly string[];
}

export interface CatalogLoad {
  readonly catalog: ProfileCatalog;
  /** Files that could not join the catalog; the good profiles are loaded regardless. */
  readonly problems: readonly ProfileProblem[];
}

/** Turns a per-file load failure into a problem, so one broken file never hides the others. */
export function problemFromError(source: string, error: unknown): ProfileProblem {
  if (error instanceof ProfileValidationError) return { source, issues: error.issues };
  if (error instanceof ProfileFileError) return { source, issues: [{ path: '', message: error.detail }] };
  return { source, issues: [{ path: '', message: errorMessage(error) }] };
}

/** Loads every `*.json` below the roots (except surface profiles) in order: roots as given, files sorted by path within each. */
export async function loadProfilesFrom(
  roots: readonly string[],
): Promise<{ profiles: DeviceProfile[]; problems: ProfileProblem[] }> {
  const profiles: DeviceProfile[] = [];
  const problems: ProfileProblem[] = [];
  for (const root of roots) {
    for (const file of await listProfileFiles(root)) {
      try {
        const text = await readProfileText(file);
        // A serial/HID surface profile shares the folders but belongs to the surface catalog.
        if (declaresSurfaceDriver(text)) continue;
        profiles.push(parseProfileText(text, file));
      } catch (error) {
        problems.push(problemFromError(file, error));
      }
    }
  }
  return { profiles, problems };
}

/** Built-ins, then user roots; duplicates and broken files are reported as problems next to the catalog. */
export async function loadCatalog(sources: CatalogSources): Promise<CatalogLoad> {
  const loaded = await loadProfilesFrom([sources.builtinRoot, ...(sources.userRoots ?? [])]);
  const { catalog, problems } = ProfileCatalog.fromProfiles(loaded.profiles);
  return { catalog, problems: [...loaded.problems, ...problems] };
}
