import { ProfileCatalog, type ProfileProblem } from './catalog.js';
import type { DeviceProfile } from './device-profile.js';
import { ProfileFileError, ProfileValidationError } from './errors.js';
import { readProfileText } from './load-file.js';
import { parseProfileFile, surfaceProfilesById } from './profile-file.js';
import { listProfileFiles } from './profile-roots.js';
import type { SurfaceProfile } from './surface/surface-schema.js';
import { errorMessage } from '../support/error-message.js';

export interface CatalogSources {
  /** The packaged `profiles/` folder. */
  readonly builtinRoot: string;
  /** User roots in load order (see userProfileRoots); omit for built-ins only. */
  readonly userRoots?: readonly string[];
}

export interface CatalogLoad {
  readonly catalog: ProfileCatalog;
  /** The serial/HID surface profiles of the same folders (a user's copy of a built-in replaces it). */
  readonly surfaces: readonly SurfaceProfile[];
  /** Files (of either kind) that could not join the catalog; the good profiles are loaded regardless. */
  readonly problems: readonly ProfileProblem[];
}

/** Turns a per-file load failure into a problem, so one broken file never hides the others. */
export function problemFromError(source: string, error: unknown): ProfileProblem {
  if (error instanceof ProfileValidationError) return { source, issues: error.issues };
  if (error instanceof ProfileFileError) return { source, issues: [{ path: '', message: error.detail }] };
  return { source, issues: [{ path: '', message: errorMessage(error) }] };
}

/**
 * Loads every `*.json` below the roots in order (roots as given, files sorted
 * by path within each): device profiles and serial/HID surface profiles, each
 * file read once.
 */
export async function loadProfilesFrom(
  roots: readonly string[],
): Promise<{ profiles: DeviceProfile[]; surfaces: SurfaceProfile[]; problems: ProfileProblem[] }> {
  const profiles: DeviceProfile[] = [];
  const surfaces: SurfaceProfile[] = [];
  const problems: ProfileProblem[] = [];
  for (const root of roots) {
    for (const file of await listProfileFiles(root)) {
      try {
        const loaded = parseProfileFile(await readProfileText(file), file);
        if (loaded.kind === 'device') profiles.push(loaded.profile);
        else surfaces.push(loaded.profile);
      } catch (error) {
        problems.push(problemFromError(file, error));
      }
    }
  }
  return { profiles, surfaces, problems };
}

/** Built-ins, then user roots; duplicates and broken files are reported as problems next to the catalog. */
export async function loadCatalog(sources: CatalogSources): Promise<CatalogLoad> {
  const loaded = await loadProfilesFrom([sources.builtinRoot, ...(sources.userRoots ?? [])]);
  const { catalog, problems } = ProfileCatalog.fromProfiles(loaded.profiles);
  return { catalog, surfaces: surfaceProfilesById(loaded.surfaces), problems: [...loaded.problems, ...problems] };
}
