import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeShowColor, makeSurfaceView, type ShowColor, type ShowFrame, type SurfaceViewInit } from '../../src/domain/index.js';
import { formatHexLine } from '../../src/midi/hex-line.js';
import type { DeviceProfile } from '../../src/profiles/device-profile.js';
import { parseDeviceProfileOrThrow } from '../../src/profiles/parse-profile.js';
import { declaresSurfaceDriver } from '../../src/profiles/surface/index.js';
import { MidiSurface, type MidiSurfaceOptions } from '../../src/midi-grid/midi-surface.js';
import { createMockMidiPair } from '../hardware-mocks/mock-midi.js';

export { paletteWrites, sysexGroups } from '../helpers/palette-writes.js';

const PROFILES_ROOT = fileURLToPath(new URL('../../profiles/', import.meta.url));

/** A built-in profile file (profiles/<id>.json), through the real parser. */
export function builtinProfile(id: string): DeviceProfile {
  const path = `${PROFILES_ROOT}${id}.json`;
  return parseDeviceProfileOrThrow(JSON.parse(readFileSync(path, 'utf8')), path);
}

export function builtinProfileIds(): string[] {
  return (
    (readdirSync(PROFILES_ROOT, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.json'))
      // Surface profiles (monome grids, Stream Decks) share the folder; they are not MIDI device profiles.
      .filter((file) => !declaresSurfaceDriver(readFileSync(`${PROFILES_ROOT}${file}`, 'utf8')))
      .map((file) => file.slice(0, -'.json'.length).split('\\').join('/'))
      .sort()
  );
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
  const surface = new MidiSurface({ profile: resolved, input, output, greeting: null, ...options });
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
