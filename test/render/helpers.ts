import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeShowColor, makeSurfaceView, type ShowColor, type ShowFrame, type SurfaceViewInit } from '../../src/domain/index.js';
import { decodePress } from '../../src/midi/input-decoding.js';
import { formatHexLine } from '../../src/midi/hex-line.js';
import type { DeviceProfile } from '../../src/profiles/device-profile.js';
import { paletteBatchLayout } from '../../src/profiles/palette-sysex-layout.js';
import { parseDeviceProfileOrThrow } from '../../src/profiles/parse-profile.js';
import { MidiSurface, type MidiSurfaceOptions } from '../../src/render/index.js';
import { createMockMidiPair } from '../hardware-mocks/mock-midi.js';

const PROFILES_ROOT = fileURLToPath(new URL('../../profiles/', import.meta.url));

/** A built-in profile file (profiles/<id>.json), through the real parser. */
export function builtinProfile(id: string): DeviceProfile {
  const path = `${PROFILES_ROOT}${id}.json`;
  return parseDeviceProfileOrThrow(JSON.parse(readFileSync(path, 'utf8')), path);
}

export function builtinProfileIds(): string[] {
  return (readdirSync(PROFILES_ROOT, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length).split('\\').join('/'))
    .sort();
}

/** A copy of a built-in profile's document with some fields changed, parsed again. */
export function variantProfile(id: string, change: (document: Record<string, any>) => void): DeviceProfile {
  const document = JSON.parse(readFileSync(`${PROFILES_ROOT}${id}.json`, 'utf8')) as Record<string, any>;
  change(document);
  return parseDeviceProfileOrThrow(document);
}

export const PRO_MK1 = 'novation/launchpad/pro-mk1';
export const MINI_MK3 = 'novation/launchpad/mini-mk3';

/**
 * The Mini Mk3 as the reference ships it, without the RGB and batched palette
 * SysEx added for issue #16: the one-message-per-light, palette-path device of
 * midi-rendering.md's scenarios.
 */
export const referenceMiniMk3 = () =>
  variantProfile(MINI_MK3, (document) => {
    delete document['capabilities']['show_rgb'];
    delete document['capabilities']['palette_sysex'];
    delete document['verified_against'];
  });

/** A MIDI surface on recording mock ports, greeting off unless the options say otherwise. */
export function mockSurface(profile: DeviceProfile | string, options: Partial<MidiSurfaceOptions> = {}) {
  const resolved = typeof profile === 'string' ? builtinProfile(profile) : profile;
  const { input, output } = createMockMidiPair(resolved.name);
  const surface = new MidiSurface({ profile: resolved, input, output, decodePress, greeting: null, ...options });
  return { surface, input, output, profile: resolved };
}

export const view = (init: SurfaceViewInit) => makeSurfaceView(init);
export const emptyView = () => makeSurfaceView({ selectedState: null });

/** Sent messages as hex lines, starting at `from`. */
export const hexFrom = (sent: readonly Uint8Array[], from = 0) => sent.slice(from).map(formatHexLine);

/** Note On / CC writes as {kind, channel, number, value}, in send order. */
export function channelWrites(sent: readonly Uint8Array[]) {
  return sent
    .filter((message) => message[0]! < 0xf0)
    .map((message) => ({
      kind: (message[0]! & 0xf0) === 0x90 ? ('note' as const) : ('cc' as const),
      channel: message[0]! & 0x0f,
      number: message[1]!,
      value: message[2]!,
    }));
}

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

/** A Show frame with one colour on the grid, one on the top rail and one on the right rail. */
export function uniformShow(grid: ShowColor, top: ShowColor = grid, right: ShowColor = grid): ShowFrame {
  return {
    grid: Array.from({ length: 8 }, () => Array.from({ length: 8 }, () => grid)),
    top: Array.from({ length: 8 }, () => top),
    right: Array.from({ length: 8 }, () => right),
  };
}

export const color = (fallback: string, rgb: readonly number[]) => makeShowColor(fallback, rgb);

/** Deterministic PRNG (mulberry32), so random walks replay exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
