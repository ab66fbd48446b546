import type { DeviceCandidate } from '../../profiles/index.js';
import { hardwareFacts, type IdentityAnswer } from '../identity-probe.js';
import type { DoctorCheck } from './doctor-report.js';

export type AskIdentities = (pairs: readonly DeviceCandidate[]) => Promise<(pair: { readonly input: string; readonly output: string }) => IdentityAnswer>;

/**
 * `identity`: each matched MIDI device asked who it is (Device Inquiry), with
 * the profile's USB ids. A device that does not answer is normal (not every
 * model implements the inquiry), so this check is never an error.
 */
export async function identityCheck(candidates: readonly DeviceCandidate[], ask: AskIdentities): Promise<DoctorCheck> {
  if (candidates.length === 0) return { name: 'identity', status: 'ok', summary: 'no matched MIDI device to ask', details: { devices: [] } };
  const answerOf = await ask(candidates);
  const devices = candidates.map(({ profile, input, output }) => ({
    profile: profile.id,
    input,
    output,
    ...hardwareFacts(profile, answerOf({ input, output })),
  }));
  const said = devices.map((device) => {
    const usb = device.usb === null ? '' : ` (USB ${device.usb})`;
    return `${device.profile}${usb}: ${device.identity === null ? 'did not answer' : device.identity.description}`;
  });
  return { name: 'identity', status: 'ok', summary: said.join('; '), details: { devices } };
}
