import { MidiUnavailableError } from '../../midi/errors.js';
import type { DeviceProfile } from '../../profiles/index.js';
import type { DeviceSelection } from './device-plan.js';
import { errorMessage } from '../../support/error-message.js';

/** The texts the hub logs, kept together so they read as one voice. */


export const describeDevice = (device: { profile: DeviceProfile; input: string; output: string }) =>
  `${device.profile.id} (input '${device.input}', output '${device.output}')`;

export function lookingFor(selection: DeviceSelection): string {
  if (selection.mode === 'profile') return `MIDI: looking for a ${selection.profile.name} (${selection.profile.id}) every second`;
  const ids = selection.profiles().filter((profile) => profile.status === 'supported').map((profile) => profile.id);
  return `MIDI: looking for controllers every second (supported profiles: ${ids.join(', ') || 'none'}; others need --profile)`;
}

export function scanFailure(error: unknown): string {
  if (error instanceof MidiUnavailableError) {
    return `${error.message} The daemon keeps running without controllers and picks one up as soon as MIDI works.`;
  }
  return `MIDI: listing ports failed: ${errorMessage(error)}`;
}
