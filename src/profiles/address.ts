import type { ProfileAddress } from './schema-primitives.js';

/** Two addresses are the same light iff kind, number and channel are equal; this key says exactly that. */
export function addressKey(address: ProfileAddress): string {
  return `${address.kind}:${address.channel}:${address.number}`;
}

/** `cc 19 on channel 0` (channels are zero-based, as in the profile). */
export function describeAddress(address: ProfileAddress): string {
  return `${address.kind} ${address.number} on channel ${address.channel}`;
}

/** Order used to pick the reported state-region overlap: kind as text (`cc` before `note`), channel, number. */
export function compareAddresses(a: ProfileAddress, b: ProfileAddress): number {
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  return a.channel - b.channel || a.number - b.number;
}

/** An address together with the JSON location that declared it, for error messages. */
export interface PlacedAddress {
  readonly address: ProfileAddress;
  readonly path: string;
}
