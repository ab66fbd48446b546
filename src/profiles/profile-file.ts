import type { DeviceProfile } from './device-profile.js';
import { ProfileValidationError } from './errors.js';
import { parseProfileText, type LoadProfileOptions } from './load-file.js';
import { declaresSurfaceDriver } from './surface/surface-catalog.js';
import { parseSurfaceProfile } from './surface/parse-surface-profile.js';
import type { SurfaceProfile } from './surface/surface-schema.js';

/** What a file in the profile folders holds: a MIDI device profile or a serial/HID surface profile. */
export type ProfileFile = { readonly kind: 'device'; readonly profile: DeviceProfile } | { readonly kind: 'surface'; readonly profile: SurfaceProfile };

/**
 * Parses the text of a file from the profile folders by what it declares: a
 * serial/HID surface driver makes it a surface profile (Surface Profile Schema
 * 1), anything else is read as a device profile. Throws ProfileFileError or
 * ProfileValidationError with every problem; `schemaValidator` applies to
 * device profiles.
 */
export function parseProfileFile(text: string, source: string, options: LoadProfileOptions = {}): ProfileFile {
  if (!declaresSurfaceDriver(text)) return { kind: 'device', profile: parseProfileText(text, source, options) };
  const result = parseSurfaceProfile(JSON.parse(text), source);
  if (!result.ok) throw new ProfileValidationError(source, result.issues);
  return { kind: 'surface', profile: result.profile };
}

/**
 * The surface profiles in load order (built-ins first) as the daemon uses
 * them: a later file's id replaces an earlier one, so a user's copy of a
 * built-in takes its place.
 */
export function surfaceProfilesById(profiles: Iterable<SurfaceProfile>): SurfaceProfile[] {
  const byId = new Map<string, SurfaceProfile>();
  for (const profile of profiles) byId.set(profile.id, profile);
  return [...byId.values()];
}
