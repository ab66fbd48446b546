import { parsePortSpec } from '../midi/port-spec.js';
import type { DeviceSelection } from './device-plan.js';

/** The hub's configuration cannot work; the daemon should not start. */
export class HubSetupError extends Error {
  override readonly name = 'HubSetupError';
}

export interface FixedPorts {
  readonly input: string;
  readonly output: string;
}

/**
 * A profile with both ports named where at least one is a `trace:` or `file:`
 * spec is opened once at startup and never watched: such ports do not come
 * and go, and reopening a trace would truncate it. Returns null for every
 * selection the hub watches instead. Throws when a spec is misused.
 */
export function fixedPorts(selection: DeviceSelection): FixedPorts | null {
  const { input, output } = selection;
  const problem = portFlagsProblem({ profile: selection.mode === 'profile', input, output });
  if (problem !== null) throw new HubSetupError(problem);
  if (!isSpec(input, 'input') && !isSpec(output, 'output')) return null;
  return { input: input!, output: output! };
}

const isSpec = (port: string | undefined, direction: 'input' | 'output') =>
  port !== undefined && port !== '' && parsePortSpec(port, direction).kind !== 'device';

/**
 * What is wrong with the controller flags as given, or null: checked by the
 * commands before anything starts (a usage error), and again by the hub.
 * Both --profile and --profile-file; a trace:/file: port without a profile to
 * drive it; one such port without the other direction.
 */
export function portFlagsProblem(flags: {
  readonly profile: boolean;
  readonly profileFile?: boolean;
  readonly input?: string | undefined;
  readonly output?: string | undefined;
}): string | null {
  if (flags.profile && flags.profileFile === true) return 'use either --profile or --profile-file, not both';
  const { input, output } = flags;
  const inputIsSpec = isSpec(input, 'input');
  const outputIsSpec = isSpec(output, 'output');
  if (!inputIsSpec && !outputIsSpec) return null;
  if (!flags.profile && flags.profileFile !== true) return 'trace: and file: ports need --profile or --profile-file: nothing to detect a device from';
  if (!input || !output) {
    const given = inputIsSpec ? `--input ${input}` : `--output ${output}`;
    const missing = inputIsSpec ? '--output (a port name or trace:PATH)' : '--input (a port name or file:PATH)';
    return `${given} needs ${missing} as well`;
  }
  return null;
}
