import type { ProfileCatalog } from './catalog.js';
import type { DeviceProfile } from './device-profile.js';
import { ProfileError } from './errors.js';
import { matchingPorts, type DeviceCandidate } from './port-matching.js';

/** Device resolution failed: nothing matched, or more than one thing did. */
export class DeviceResolutionError extends ProfileError {
  override readonly name = 'DeviceResolutionError';
}

export interface PortLists {
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
}

export interface ResolveDeviceOptions {
  readonly profileId?: string;
  readonly profileFile?: string;
  /** Explicit port names are used verbatim; `""` counts as not given. */
  readonly input?: string;
  readonly output?: string;
  readonly loadCatalog: () => Promise<ProfileCatalog>;
  readonly loadProfileFile: (path: string) => Promise<DeviceProfile>;
  /** Enumerates the system's MIDI ports; called at most once, and only when a port name is not given. */
  readonly listPorts: () => Promise<PortLists>;
}

export type ResolvedDevice = DeviceCandidate;

function given(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

function ambiguity(candidates: readonly DeviceCandidate[]): DeviceResolutionError {
  const pairs = candidates.map(({ profile, input, output }) => `${profile.id}: input=${input}, output=${output}`);
  return new DeviceResolutionError(`ambiguous MIDI device: ${pairs.join('; ')}; pass the profile, --input and --output explicitly`);
}

/** Step 6 of spec §8.3: the ports of a chosen profile, explicit names winning over patterns. */
function resolvePorts(profile: DeviceProfile, options: ResolveDeviceOptions, ports: PortLists): ResolvedDevice {
  const inputs = given(options.input) ? [options.input] : matchingPorts(ports.inputs, profile.ports.input);
  const outputs = given(options.output) ? [options.output] : matchingPorts(ports.outputs, profile.ports.output);
  if (inputs.length === 0) throw new DeviceResolutionError(`no MIDI input matched profile ${profile.id}`);
  if (outputs.length === 0) throw new DeviceResolutionError(`no MIDI output matched profile ${profile.id}`);
  if (inputs.length > 1 || outputs.length > 1) {
    throw ambiguity(inputs.flatMap((input) => outputs.map((output) => ({ profile, input, output }))));
  }
  return { profile, input: inputs[0]!, output: outputs[0]! };
}

/** Step 5: only `supported` profiles auto-detect; ambiguity is an error, never a guess. */
function autoDetect(catalog: ProfileCatalog, options: ResolveDeviceOptions, ports: PortLists): ResolvedDevice {
  const inputs = given(options.input) ? [options.input] : ports.inputs;
  const outputs = given(options.output) ? [options.output] : ports.outputs;
  const supported = catalog.detect(inputs, outputs, false);
  if (supported.length === 1) return supported[0]!;
  if (supported.length > 1) throw ambiguity(supported);
  const experimental = catalog
    .detect(inputs, outputs, true)
    .filter((candidate) => candidate.profile.status === 'experimental')
    .map((candidate) => candidate.profile.id);
  if (experimental.length > 0) {
    const ids = [...new Set(experimental)].sort().join(', ');
    throw new DeviceResolutionError(`only experimental profiles match the MIDI ports (${ids}); select one explicitly with the profile option`);
  }
  throw new DeviceResolutionError("no supported device profile matched the MIDI ports; run 'pad-lattice devices' or name a profile explicitly");
}

/**
 * Chooses the profile and the port pair to drive (spec §8.3). Ports are
 * enumerated only when an input or output name is missing, the catalog is
 * loaded only when no profile file is given.
 */
export async function resolveDevice(options: ResolveDeviceOptions): Promise<ResolvedDevice> {
  if (given(options.profileId) && given(options.profileFile)) {
    throw new DeviceResolutionError('use either a profile id or a profile file, not both');
  }
  const needsPorts = !given(options.input) || !given(options.output);
  const ports: PortLists = needsPorts ? await options.listPorts() : { inputs: [], outputs: [] };
  if (given(options.profileFile)) {
    return resolvePorts(await options.loadProfileFile(options.profileFile), options, ports);
  }
  const catalog = await options.loadCatalog();
  if (given(options.profileId)) return resolvePorts(catalog.get(options.profileId), options, ports);
  return autoDetect(catalog, options, ports);
}
