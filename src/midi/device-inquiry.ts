/*
 * The MIDI identity request of the MIDI 1.0 specification (Universal
 * Non-Real-Time SysEx, General Information): a host sends Device Inquiry
 * `F0 7E <device> 06 01 F7` (device 7F = every device) and a device that
 * implements it answers Identity Reply `F0 7E <device> 06 02 <manufacturer>
 * <family LSB MSB> <member LSB MSB> <4 version bytes> F7`, the manufacturer id
 * being one byte or 00 and two more. Novation's programmer's references
 * document the reply with manufacturer 00 20 29 and the version as four
 * decimal digits (revision 138 = 00 01 03 08).
 */

/** Device Inquiry to every device on the port. */
export const DEVICE_INQUIRY: readonly number[] = Object.freeze([0xf0, 0x7e, 0x7f, 0x06, 0x01, 0xf7]);

export interface DeviceIdentity {
  /** One byte, or three starting with 00. */
  readonly manufacturer: readonly number[];
  /** 14-bit numbers, sent LSB first. */
  readonly family: number;
  readonly member: number;
  readonly version: readonly number[];
}

const MANUFACTURER_NAMES: ReadonlyMap<string, string> = new Map([
  ['00 20 29', 'Novation'],
  ['47', 'Akai'],
  ['00 21 1d', 'Ableton'],
]);

const hex = (bytes: readonly number[]) => bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(' ');

/** The identity in an Identity Reply, or null when `message` is not one. */
export function parseIdentityReply(message: ArrayLike<number>): DeviceIdentity | null {
  const bytes = Array.from(message);
  if (bytes.length < 15 || bytes[0] !== 0xf0 || bytes[1] !== 0x7e || bytes[3] !== 0x06 || bytes[4] !== 0x02 || bytes.at(-1) !== 0xf7) return null;
  const body = bytes.slice(5, -1);
  if (body.some((byte) => byte > 0x7f)) return null;
  const idLength = body[0] === 0 ? 3 : 1;
  if (body.length !== idLength + 8) return null;
  const [familyLow, familyHigh, memberLow, memberHigh] = body.slice(idLength, idLength + 4) as [number, number, number, number];
  return {
    manufacturer: body.slice(0, idLength),
    family: familyLow | (familyHigh << 7),
    member: memberLow | (memberHigh << 7),
    version: body.slice(idLength + 4),
  };
}

/** "Novation, family 0051 member 0000, firmware 138" as a person reads it: the maker's name where known, the version as digits when they are digits. */
export function describeIdentity(identity: DeviceIdentity): string {
  const id = hex(identity.manufacturer);
  const maker = MANUFACTURER_NAMES.get(id) ?? `manufacturer ${id}`;
  const digits = identity.version.every((byte) => byte <= 9);
  const firmware = digits ? String(Number(identity.version.join(''))) : hex(identity.version);
  return `${maker}, family ${identity.family.toString(16).padStart(4, '0')} member ${identity.member.toString(16).padStart(4, '0')}, firmware ${firmware}`;
}

/** The identity as JSON members (hex text, as the bytes are usually quoted). */
export function identityJson(identity: DeviceIdentity) {
  return {
    manufacturer: hex(identity.manufacturer),
    family: identity.family.toString(16).padStart(4, '0'),
    member: identity.member.toString(16).padStart(4, '0'),
    firmware: hex(identity.version),
    description: describeIdentity(identity),
  };
}
