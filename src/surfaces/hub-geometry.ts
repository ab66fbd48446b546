import { IDENTITY_ACCENTS, MAX_SELECTOR_SLOTS } from '../domain/index.js';
import type { DeviceProfile } from '../profiles/index.js';

/**
 * Every controller the hub drives shows the same control plane, so they all
 * share one geometry: eight Agent Scenes with the eight identity accents in
 * Visual Protocol order — the browser pad's geometry too, so both can run
 * side by side.
 */
export const HUB_SELECTOR_CAPACITY = MAX_SELECTOR_SLOTS;
export const HUB_ACCENT_NAMES: readonly string[] = IDENTITY_ACCENTS;

/** Why a profile cannot join the hub, or null when it can. */
export function geometryProblem(profile: DeviceProfile): string | null {
  const slots = profile.lookup.selectorCount;
  if (slots !== HUB_SELECTOR_CAPACITY) {
    return `profile ${profile.id} has ${slots} selector slots, but the daemon drives ${HUB_SELECTOR_CAPACITY}`;
  }
  const accents = profile.lookup.accentNames;
  if (accents.join(',') !== HUB_ACCENT_NAMES.join(',')) {
    return `profile ${profile.id} orders its accents ${accents.join(', ')}, but the daemon needs ${HUB_ACCENT_NAMES.join(', ')}`;
  }
  return null;
}
