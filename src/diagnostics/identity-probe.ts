import { DEVICE_INQUIRY, describeIdentity, identityJson, parseIdentityReply, type DeviceIdentity } from '../midi/device-inquiry.js';
import type { MidiBackend } from '../midi/midi-port.js';
import { openPortPair } from '../midi/open-ports.js';
import type { DeviceProfile } from '../profiles/index.js';
import { errorMessage } from '../support/error-message.js';

/** How long a device may take to answer a Device Inquiry; devices that implement it answer within milliseconds. */
export const IDENTITY_TIMEOUT_MS = 500;

export type IdentityAnswer = { readonly answered: true; readonly identity: DeviceIdentity } | { readonly answered: false; readonly reason: string };

/**
 * Asks the device behind a port pair who it is: opens both ports, sends a
 * Device Inquiry, waits up to `timeoutMs` for an Identity Reply, and closes
 * them again. A device that does not implement the inquiry stays silent; that
 * is an answer too, not an error. Other traffic from the device is ignored.
 */
export async function askIdentity(
  backend: MidiBackend,
  ports: { readonly input: string; readonly output: string },
  timeoutMs = IDENTITY_TIMEOUT_MS,
): Promise<IdentityAnswer> {
  let opened: ReturnType<typeof openPortPair>;
  try {
    opened = openPortPair(backend, ports);
  } catch (error) {
    return { answered: false, reason: errorMessage(error) };
  }
  const { input, output } = opened;
  let stop: () => void = () => {};
  try {
    const reply = new Promise<DeviceIdentity | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs);
      const unsubscribe = input.onMessage((message) => {
        const identity = parseIdentityReply(message);
        if (identity !== null) resolve(identity);
      });
      stop = () => {
        clearTimeout(timer);
        unsubscribe();
      };
    });
    output.send(DEVICE_INQUIRY);
    const identity = await reply;
    return identity === null ? { answered: false, reason: `no answer to a Device Inquiry within ${timeoutMs} ms` } : { answered: true, identity };
  } catch (error) {
    return { answered: false, reason: errorMessage(error) };
  } finally {
    stop();
    for (const port of [input, output]) {
      try {
        port.close();
      } catch {
        // Closing a port whose device vanished adds nothing to the answer.
      }
    }
  }
}

/** What `devices` and `doctor` say about one profile/port match: the profile's USB ids and the device's own answer. */
export interface HardwareFacts {
  readonly usb: string | null;
  readonly identity: ReturnType<typeof identityJson> | null;
  /** Why there is no identity (silent device, port would not open). */
  readonly identity_unavailable: string | null;
}

export function hardwareFacts(profile: DeviceProfile, answer: IdentityAnswer): HardwareFacts {
  return {
    usb: profile.usb === undefined ? null : `${profile.usb.vendor_id}:${profile.usb.product_ids.join(',')}`,
    identity: answer.answered ? identityJson(answer.identity) : null,
    identity_unavailable: answer.answered ? null : answer.reason,
  };
}

/** Each distinct port pair asked once, all at the same time (a silent device costs one timeout, not one each). */
export async function askEach(
  backend: MidiBackend,
  pairs: readonly { readonly input: string; readonly output: string }[],
  timeoutMs = IDENTITY_TIMEOUT_MS,
): Promise<(pair: { readonly input: string; readonly output: string }) => IdentityAnswer> {
  const key = (pair: { readonly input: string; readonly output: string }) => `${pair.input}\u0000${pair.output}`;
  const distinct = [...new Map(pairs.map((pair) => [key(pair), pair])).values()];
  const answers = new Map(await Promise.all(distinct.map(async (pair) => [key(pair), await askIdentity(backend, pair, timeoutMs)] as const)));
  return (pair) => answers.get(key(pair)) ?? { answered: false, reason: 'not asked' };
}

export { describeIdentity };
