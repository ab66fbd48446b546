import type { DeviceProfile } from './device-profile.js';

/**
 * Which profiles the daemon opens on its own when their ports appear: those
 * tested on hardware (`supported`), and experimental ones whose every fact was
 * checked against the manufacturer's documents (`verified_against`). The
 * others must be chosen with --profile. A deliberate extension of
 * device-profile-schema-1.md §8.2, where only `supported` profiles auto-detect.
 */
export function opensAutomatically(profile: DeviceProfile): boolean {
  return profile.status === 'supported' || (profile.verified_against?.length ?? 0) > 0;
}

/**
 * The one-line notice for a controller opened through a profile nobody has
 * tested on hardware yet, or null. It says what the profile rests on: the
 * manufacturer's documents only when `verified_against` cites them; a fresh
 * `profile new` copy is what it is, an unverified copy of its source.
 */
export function untestedNotice(profile: DeviceProfile): string | null {
  if (profile.status === 'supported') return null;
  const test = `'pad-lattice profile test ${profile.id}' checks it on your controller`;
  if ((profile.verified_against?.length ?? 0) > 0) {
    return `${profile.id} follows the manufacturer's documents but has not been tested on hardware yet; ${test}`;
  }
  const what = profile.copied_from === undefined ? 'an experimental profile' : `an unverified copy of ${profile.copied_from}`;
  return `${profile.id} is ${what}: neither checked against the manufacturer's documents (no verified_against) nor tested on hardware; ${test}`;
}
