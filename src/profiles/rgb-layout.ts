import type { DeepReadonly } from './device-profile.js';
import type { RgbGroupToken, ShowRgbCapability } from './schema.js';

/** One byte of an RGB group: a literal, or a token the encoder fills in. */
export type RgbGroupItem = number | RgbGroupToken;

/** Schema 1's group: `(number, R, G, B)` with one 7-bit byte per channel. */
export const DEFAULT_RGB_GROUP: readonly RgbGroupItem[] = ['led', 'r', 'g', 'b'];

/** A `show_rgb` capability with every optional field resolved to its default. */
export interface RgbLayout {
  readonly prefix: readonly number[];
  readonly channelMax: number;
  readonly batchSize: number;
  readonly group: readonly RgbGroupItem[];
  /** The group addresses a range ("first", "last") rather than one LED ("led"). */
  readonly ranged: boolean;
  readonly lengthHeader: boolean;
  /** Which show lights the SysEx drives; the others fall back to the palette. */
  readonly lights: 'show' | 'grid';
}

export function rgbLayout(capability: DeepReadonly<ShowRgbCapability>): RgbLayout {
  const group = capability.group ?? DEFAULT_RGB_GROUP;
  return {
    prefix: capability.sysex_prefix,
    channelMax: capability.channel_max,
    batchSize: capability.batch_size,
    group,
    ranged: group.includes('first'),
    lengthHeader: capability.length_header ?? false,
    lights: capability.lights ?? 'show',
  };
}

const CHANNELS = ['r', 'g', 'b'] as const;

const count = (group: readonly RgbGroupItem[], token: RgbGroupToken) => group.filter((item) => item === token).length;

/** Why a group cannot address an LED and carry one colour, or [] when it can. */
export function groupProblems(group: readonly RgbGroupItem[]): string[] {
  const problems: string[] = [];
  const single = count(group, 'led');
  const first = count(group, 'first');
  const last = count(group, 'last');
  const addressing = single === 1 && first + last === 0 ? 'led' : single === 0 && first === 1 && last === 1 ? 'range' : null;
  if (addressing === null) problems.push('needs exactly one "led", or exactly one "first" and one "last"');
  for (const channel of CHANNELS) {
    const whole = count(group, channel);
    const high = count(group, `${channel}_hi`);
    const low = count(group, `${channel}_lo`);
    const valid = (whole === 1 && high + low === 0) || (whole === 0 && high === 1 && low === 1);
    if (!valid) problems.push(`needs channel ${channel} exactly once: "${channel}", or "${channel}_hi" and "${channel}_lo"`);
  }
  return problems;
}

/** True when some channel goes out as a single 7-bit byte, which caps channel_max at 127. */
export function hasSevenBitChannel(group: readonly RgbGroupItem[]): boolean {
  return CHANNELS.some((channel) => group.includes(channel));
}
