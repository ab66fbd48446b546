import { idSuggestion } from './closest-ids.js';
import { CatalogError } from './errors.js';
import type { DeviceProfile } from './device-profile.js';
import type { ProfileIssue } from './issues.js';
import { detectDevices, type DeviceCandidate } from './port-matching.js';

/** A profile file that could not join the catalog, with every reason. */
export interface ProfileProblem {
  readonly source: string;
  readonly issues: readonly ProfileIssue[];
}

function byId(a: DeviceProfile, b: DeviceProfile): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The profiles a process can drive, sorted by id (plain code-point order). */
export class ProfileCatalog {
  readonly profiles: readonly DeviceProfile[];
  private readonly byId: ReadonlyMap<string, DeviceProfile>;

  private constructor(profiles: readonly DeviceProfile[]) {
    this.profiles = Object.freeze([...profiles].sort(byId));
    this.byId = new Map(profiles.map((profile) => [profile.id, profile]));
  }

  /**
   * Builds a catalog from profiles in load order (built-ins first, then user
   * roots). A repeated id keeps the first profile; each later one becomes a
   * "duplicate profile id" problem naming both sources.
   */
  static fromProfiles(profiles: Iterable<DeviceProfile>): { catalog: ProfileCatalog; problems: ProfileProblem[] } {
    const kept = new Map<string, DeviceProfile>();
    const problems: ProfileProblem[] = [];
    for (const profile of profiles) {
      const first = kept.get(profile.id);
      if (first === undefined) {
        kept.set(profile.id, profile);
        continue;
      }
      problems.push({
        source: profile.source,
        issues: [{ path: 'id', message: `duplicate profile id '${profile.id}' (already defined by ${first.source})` }],
      });
    }
    return { catalog: new ProfileCatalog([...kept.values()]), problems };
  }

  find(id: string): DeviceProfile | undefined {
    return this.byId.get(id);
  }

  get(id: string): DeviceProfile {
    const profile = this.byId.get(id);
    if (profile === undefined) throw new CatalogError(`unknown device profile: ${id}${idSuggestion(id, [...this.byId.keys()])}`);
    return profile;
  }

  detect(inputs: readonly string[], outputs: readonly string[], includeExperimental = true): DeviceCandidate[] {
    return detectDevices(this.profiles, inputs, outputs, includeExperimental);
  }
}
