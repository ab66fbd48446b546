import { normalisePortName, type MidiDevice } from '../midi/port-names.js';
import { EIGHT_SCENES, geometryProblem } from '../domain/index.js';
import { matchingPorts, opensAutomatically, profileGeometry, type DeviceProfile } from '../profiles/index.js';
import { escapeUntrusted } from '../support/untrusted-text.js';

/** Which controllers the hub drives. */
export type DeviceSelection =
  /**
   * Every listed device that exactly one profile that opens automatically
   * (supported, or checked against the manufacturer's documents) matches; the
   * profiles may change while running. A given port name narrows the search
   * to that port, which must still match such a profile (§8.3 step 5).
   */
  | { readonly mode: 'auto'; readonly profiles: () => readonly DeviceProfile[]; readonly input?: string; readonly output?: string }
  /** Devices of one named profile; a given port name is used verbatim instead of the profile's patterns. */
  | { readonly mode: 'profile'; readonly profile: DeviceProfile; readonly input?: string; readonly output?: string };

/** One controller the hub should have open now. */
export interface WantedDevice {
  /** The exact port names: a replugged device under a new ALSA client number is a new key. */
  readonly key: string;
  /** The same without ALSA suffixes: a replugged device keeps it. */
  readonly identity: string;
  readonly profile: DeviceProfile;
  readonly input: string;
  readonly output: string;
}

export interface DevicePlan {
  readonly wanted: readonly WantedDevice[];
  /** Why matching devices are not opened; stable texts, so a caller can report each one once. */
  readonly notices: readonly string[];
}

type PortPair = { readonly input: string; readonly output: string };

function wanted(profile: DeviceProfile, { input, output }: PortPair): WantedDevice {
  return {
    key: `${profile.id}\u0000${input}\u0000${output}`,
    identity: `${profile.id}\u0000${normalisePortName(input)}\u0000${normalisePortName(output)}`,
    profile,
    input,
    output,
  };
}

/** A port the user named: that exact name, else every listed port that is the name plus an ALSA suffix. */
function namedPorts(available: readonly string[], requested: string): string[] {
  if (available.includes(requested)) return [requested];
  return available.filter((name) => normalisePortName(name) === requested);
}

/**
 * The port pairs a profile matches among the listed devices. Inputs and
 * outputs are matched by the profile's prioritised patterns over the whole
 * listing (device-profile-schema-1.md §8.1) and then taken as the devices'
 * own pairs, so two identical controllers are never crossed. A lone input and
 * lone output that did not pair by name still make one pair, as in §8.3.
 */
function pairsFor(profile: DeviceProfile, devices: readonly MidiDevice[], input?: string, output?: string): PortPair[] {
  const inputs = devices.flatMap((device) => (device.input === null ? [] : [device.input]));
  const outputs = devices.flatMap((device) => (device.output === null ? [] : [device.output]));
  const matchedInputs = new Set(input ? namedPorts(inputs, input) : matchingPorts(inputs, profile.ports.input));
  const matchedOutputs = new Set(output ? namedPorts(outputs, output) : matchingPorts(outputs, profile.ports.output));
  const paired: PortPair[] = [];
  for (const device of devices) {
    if (device.input !== null && device.output !== null && matchedInputs.has(device.input) && matchedOutputs.has(device.output)) {
      paired.push({ input: device.input, output: device.output });
    }
  }
  if (paired.length > 0 || matchedInputs.size !== 1 || matchedOutputs.size !== 1) return paired;
  return [{ input: [...matchedInputs][0]!, output: [...matchedOutputs][0]! }];
}

const describePair = ({ input, output }: PortPair) => `input '${escapeUntrusted(input)}', output '${escapeUntrusted(output)}'`;

/**
 * Several pairs are fine when they are identical controllers (the same names
 * apart from ALSA client numbers); pairs with different names are different
 * interfaces of one device, and guessing between them is never right.
 */
function ambiguity(profile: DeviceProfile, pairs: readonly PortPair[]): string | null {
  const kinds = new Set(pairs.map((pair) => wanted(profile, pair).identity));
  if (kinds.size <= 1) return null;
  return `profile ${profile.id} matches several MIDI interfaces (${pairs.map(describePair).join('; ')}); start the daemon with --input and --output to choose one`;
}

function planProfile(selection: Extract<DeviceSelection, { mode: 'profile' }>, devices: readonly MidiDevice[]): DevicePlan {
  const { profile } = selection;
  const pairs = pairsFor(profile, devices, selection.input, selection.output);
  const problem = ambiguity(profile, pairs);
  if (problem !== null) return { wanted: [], notices: [problem] };
  return { wanted: pairs.map((pair) => wanted(profile, pair)), notices: [] };
}

function planAuto(selection: Extract<DeviceSelection, { mode: 'auto' }>, devices: readonly MidiDevice[]): DevicePlan {
  const notices: string[] = [];
  const claims = new Map<string, WantedDevice[]>();
  const named = (port: string, requested: string | undefined) => !requested || port === requested || normalisePortName(port) === requested;
  for (const profile of selection.profiles()) {
    if (!opensAutomatically(profile)) continue;
    const pairs = pairsFor(profile, devices).filter((pair) => named(pair.input, selection.input) && named(pair.output, selection.output));
    if (pairs.length === 0) continue;
    // Auto-detected controllers join a daemon of eight Scenes: a profile of another geometry cannot.
    const problem = geometryProblem(`profile ${profile.id}`, profileGeometry(profile), EIGHT_SCENES) ?? ambiguity(profile, pairs);
    if (problem !== null) {
      notices.push(`${pairs.map(describePair).join('; ')}: not opened: ${problem}`);
      continue;
    }
    for (const pair of pairs) {
      const device = wanted(profile, pair);
      claims.set(pair.input, [...(claims.get(pair.input) ?? []), device]);
    }
  }
  const chosen: WantedDevice[] = [];
  for (const [input, devicesForInput] of claims) {
    if (devicesForInput.length === 1) {
      chosen.push(devicesForInput[0]!);
      continue;
    }
    const ids = devicesForInput.map((device) => device.profile.id).join(', ');
    notices.push(`MIDI input '${escapeUntrusted(input)}' matches several profiles (${ids}); start the daemon with --profile to choose one`);
  }
  return { wanted: chosen, notices };
}

/** What to open for the current port listing (devices as `pairPorts` builds them). */
export function planDevices(selection: DeviceSelection, devices: readonly MidiDevice[]): DevicePlan {
  return selection.mode === 'auto' ? planAuto(selection, devices) : planProfile(selection, devices);
}
