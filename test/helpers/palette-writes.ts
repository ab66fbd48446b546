import type { DeviceProfile } from '../../src/profiles/device-profile.js';
import { paletteBatchLayout } from '../../src/profiles/palette-sysex-layout.js';

/**
 * The groups of a SysEx message laid out as `prefix, group…`, or null when the
 * message is not one: another prefix, a length that is not whole groups, or a
 * literal byte of the group that differs (the lighting-type byte that tells the
 * Launchpad X / MK3 palette and RGB messages apart).
 */
export function sysexGroups(message: Uint8Array, prefix: readonly number[], group: readonly (number | string)[]): number[][] | null {
  if (message[0] !== 0xf0 || message.at(-1) !== 0xf7) return null;
  if (!prefix.every((byte, i) => message[1 + i] === byte)) return null;
  const body = [...message.subarray(1 + prefix.length, -1)];
  if (body.length === 0 || body.length % group.length !== 0) return null;
  const groups: number[][] = [];
  for (let at = 0; at < body.length; at += group.length) groups.push(body.slice(at, at + group.length));
  const literalsMatch = groups.every((bytes) => group.every((item, i) => typeof item !== 'number' || bytes[i] === item));
  return literalsMatch ? groups : null;
}

/**
 * Every palette value a profile's messages set, in order, as (LED number,
 * value): each Note On / Control Change, and each group of the profile's
 * batched palette SysEx (capabilities.palette_sysex). Other SysEx is skipped.
 */
export function paletteWrites(profile: DeviceProfile, sent: readonly Uint8Array[]): { number: number; value: number }[] {
  const capability = profile.capabilities.palette_sysex;
  const layout = capability === undefined ? null : paletteBatchLayout(capability);
  const writes: { number: number; value: number }[] = [];
  for (const message of sent) {
    if (message[0]! < 0xf0) {
      writes.push({ number: message[1]!, value: message[2]! });
      continue;
    }
    const groups = layout === null ? null : sysexGroups(message, layout.prefix, layout.group);
    for (const bytes of groups ?? []) {
      writes.push({ number: bytes[layout!.group.indexOf('led')]!, value: bytes[layout!.group.indexOf('value')]! });
    }
  }
  return writes;
}
