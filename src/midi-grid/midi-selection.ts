import { geometryProblem, type SurfaceGeometry } from '../domain/index.js';
import { profileGeometry, type DeviceProfile, type LiveProfiles } from '../profiles/index.js';
import type { Logger } from '../support/logger.js';
import { escapeUntrusted } from '../support/untrusted-text.js';
import type { DeviceSelection } from './device-plan.js';
import { fixedPorts, HubSetupError, portFlagsProblem, type FixedPorts } from './fixed-ports.js';

export interface MidiSelectionSetup {
  readonly profileId?: string | undefined;
  readonly profileFile?: string | undefined;
  readonly input?: string | undefined;
  readonly output?: string | undefined;
  readonly logger: Logger;
  /** The profile folders followed for the whole process (asked for only when --profile-file is not given). */
  readonly profiles: () => Promise<LiveProfiles>;
  readonly loadProfileFile: (path: string) => Promise<DeviceProfile>;
  /** The daemon's geometry: a named profile must have it. */
  readonly geometry: SurfaceGeometry;
}

/** Which MIDI controllers the daemon drives, resolved from its command-line choices. */
export interface MidiSelection {
  readonly selection: DeviceSelection;
  /** Trace/file ports opened once instead of watched, or null. */
  readonly fixed: FixedPorts | null;
  /** The profiles the daemon can drive now: the live catalog's, or the one profile it was given. */
  profiles(): readonly DeviceProfile[];
}

const given = (value: string | undefined): value is string => value !== undefined && value !== '';

/**
 * A named profile (from the catalog or a file) or auto-detection over the
 * profiles of the live catalog, with optional port names or trace/file specs.
 * Errors the user must fix — both --profile and --profile-file, an unknown id,
 * a broken file, a profile of another geometry, a spec without a profile —
 * are thrown; a missing device or missing MIDI never is.
 */
export async function resolveMidiSelection(setup: MidiSelectionSetup): Promise<MidiSelection> {
  const ports = { ...(given(setup.input) ? { input: setup.input } : {}), ...(given(setup.output) ? { output: setup.output } : {}) };
  let selection: DeviceSelection;
  const both = portFlagsProblem({ profile: given(setup.profileId), profileFile: given(setup.profileFile) });
  if (both !== null) {
    throw new HubSetupError(both);
  } else if (given(setup.profileFile)) {
    const profile = await setup.loadProfileFile(setup.profileFile);
    setup.logger.info(`profile loaded: ${profile.id} (${profile.status}) from ${escapeUntrusted(profile.source)}`);
    selection = { mode: 'profile', profile, ...ports };
  } else if (given(setup.profileId)) {
    selection = { mode: 'profile', profile: (await setup.profiles()).snapshot.catalog.get(setup.profileId), ...ports };
  } else {
    const live = await setup.profiles();
    selection = { mode: 'auto', profiles: () => live.snapshot.catalog.profiles, ...ports };
  }
  if (selection.mode === 'profile') {
    const { profile } = selection;
    const problem = geometryProblem(`profile ${profile.id}`, profileGeometry(profile), setup.geometry);
    if (problem !== null) throw new HubSetupError(problem);
  }
  const chosen = selection;
  return {
    selection,
    fixed: fixedPorts(selection),
    profiles: () => (chosen.mode === 'auto' ? chosen.profiles() : [chosen.profile]),
  };
}
