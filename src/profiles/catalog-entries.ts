import { idSuggestion } from './closest-ids.js';
import type { DeviceProfile } from './device-profile.js';
import { CatalogError } from './errors.js';
import type { CatalogLoad } from './load-catalog.js';
import type { SurfaceProfile } from './surface/surface-schema.js';

/** One loaded profile of either kind: a MIDI device profile or a serial/HID surface profile. */
export type CatalogEntry = { readonly kind: 'device'; readonly profile: DeviceProfile } | { readonly kind: 'surface'; readonly profile: SurfaceProfile };

/**
 * Every profile of one load, both kinds, sorted by id (plain code-point
 * order): what `profile list` and `profile show` know, from the same load as
 * the daemon's `status` and `profile validate`'s reading of the same files.
 */
export function catalogEntries(load: CatalogLoad): CatalogEntry[] {
  const entries: CatalogEntry[] = [
    ...load.catalog.profiles.map((profile) => ({ kind: 'device' as const, profile })),
    ...load.surfaces.map((profile) => ({ kind: 'surface' as const, profile })),
  ];
  return entries.sort((a, b) => (a.profile.id < b.profile.id ? -1 : a.profile.id > b.profile.id ? 1 : 0));
}

/** The profile of this id, of either kind; an unknown id names the closest loaded ones. */
export function findEntry(load: CatalogLoad, id: string): CatalogEntry {
  const entries = catalogEntries(load);
  const entry = entries.find((candidate) => candidate.profile.id === id);
  if (entry !== undefined) return entry;
  throw new CatalogError(
    `unknown profile: ${id}${idSuggestion(
      id,
      entries.map((candidate) => candidate.profile.id),
    )}; 'pad-lattice profile list' lists every loaded profile`,
  );
}
