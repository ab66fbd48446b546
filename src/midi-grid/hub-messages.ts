import { opensAutomatically, type DeviceProfile } from '../profiles/index.js';
import { escapeUntrusted } from '../support/untrusted-text.js';
import type { DeviceSelection } from './device-plan.js';

/** The texts the hub logs, kept together so they read as one voice. Port names come from devices: escaped. */

export const describeDevice = (device: { profile: DeviceProfile; input: string; output: string }) =>
  `${device.profile.id} (input '${escapeUntrusted(device.input)}', output '${escapeUntrusted(device.output)}')`;

export function lookingFor(selection: DeviceSelection): string {
  if (selection.mode === 'profile') return `MIDI: looking for a ${selection.profile.name} (${selection.profile.id})`;
  const ids = selection
    .profiles()
    .filter(opensAutomatically)
    .map((profile) => profile.id);
  return `MIDI: looking for controllers (opened automatically: ${ids.join(', ') || 'none'}; others need --profile)`;
}
