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
  const inputIsSpec = input !== undefined && input !== '' && parsePortSpec(input, 'input').kind !== 'device';
  const outputIsSpec = output !== undefined && output !== '' && parsePortSpec(output, 'output').kind !== 'device';
  if (!inputIsSpec && !outputIsSpec) return null;
  if (selection.mode !== 'profile') throw new HubSetupError('trace: and file: ports need --profile or --profile-file: nothing to detect a device from');
  if (!input || !output) {
    const given = inputIsSpec ? `--input ${input}` : `--output ${output}`;
    const missing = inputIsSpec ? '--output (a port name or trace:PATH)' : '--input (a port name or file:PATH)';
    throw new HubSetupError(`${given} needs ${missing} as well`);
  }
  return { input, output };
}
