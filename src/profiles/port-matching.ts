import { withoutWindowsDeviceNumber } from '../domain/index.js';
import type { DeviceProfile } from './device-profile.js';

/**
 * The ports the first productive pattern matches (spec §8.1): patterns are
 * tried in order as case-insensitive, unanchored searches, and lower-priority
 * patterns are never consulted once one matched something. Name order is kept.
 * A pattern sees each name without the "2- " Windows puts before a repeated
 * device name (so `^Launchpad Pro Standalone Port` finds the second Pro too);
 * the names returned are the names as listed.
 */
export function matchingPorts(names: readonly string[], patterns: readonly string[]): string[] {
  for (const pattern of patterns) {
    // No `g` flag: it would make test() stateful between names.
    const regex = new RegExp(pattern, 'i');
    const matched = names.filter((name) => regex.test(withoutWindowsDeviceNumber(name)));
    if (matched.length > 0) return matched;
  }
  return [];
}

/** One way to drive a device: a profile with one input and one output port. */
export interface DeviceCandidate {
  readonly profile: DeviceProfile;
  readonly input: string;
  readonly output: string;
}

/** Every (input, output) pair a profile's patterns match, input-major. */
export function candidatesFor(profile: DeviceProfile, inputs: readonly string[], outputs: readonly string[]): DeviceCandidate[] {
  const matchedOutputs = matchingPorts(outputs, profile.ports.output);
  return matchingPorts(inputs, profile.ports.input).flatMap((input) => matchedOutputs.map((output) => ({ profile, input, output })));
}

/**
 * Candidates over the given port names for profiles in id order (spec §8.2);
 * with `includeExperimental` false only `supported` profiles take part.
 */
export function detectDevices(
  profiles: readonly DeviceProfile[],
  inputs: readonly string[],
  outputs: readonly string[],
  includeExperimental = true,
): DeviceCandidate[] {
  return profiles.filter((profile) => includeExperimental || profile.status === 'supported').flatMap((profile) => candidatesFor(profile, inputs, outputs));
}
