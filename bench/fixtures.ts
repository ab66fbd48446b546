import { join } from 'node:path';
import {
  ACTION_PERMITTED_STATES,
  AGENT_STATES,
  CONTROL_ACTIONS,
  OFF_TOKEN,
  PALETTE_TOKENS,
  makeShowColor,
  makeSurfaceView,
  type ShowColor,
  type ShowFrame,
  type SurfaceView,
} from '../src/domain/index.js';
import { PACKAGE_ROOT } from '../src/support/package-info.js';
import { loadProfilesFrom, type DeviceProfile } from '../src/profiles/index.js';
import type { MidiInput } from '../src/midi/midi-port.js';
import { MidiSurface } from '../src/midi-grid/midi-surface.js';
import { CountingOutput, SilentInput } from './null-ports.js';

/** Views in a stream; a power of two so the hot loops can pick one with a mask. */
export const VIEW_STREAM_LENGTH = 64;

/** Every profile shipped in the package's profiles/ folder, sorted by id. */
export async function loadBuiltinProfiles(): Promise<DeviceProfile[]> {
  const { profiles, problems } = await loadProfilesFrom([join(PACKAGE_ROOT, 'profiles')]);
  if (problems.length > 0) throw new Error(`built-in profiles failed to load: ${problems.map((p) => p.source).join(', ')}`);
  return profiles.sort((a, b) => a.id.localeCompare(b.id));
}

/** A MIDI surface on a counting port (and a silent input unless given one), without the greeting, not yet initialised (the daemon does that). */
export function newBenchSurface(profile: DeviceProfile, output: CountingOutput, input: MidiInput = new SilentInput()): MidiSurface {
  return new MidiSurface({ profile, output, input, greeting: null });
}

/** The same, initialised, on a fresh untimed port. */
export function benchSurface(profile: DeviceProfile): { surface: MidiSurface; output: CountingOutput } {
  const output = new CountingOutput();
  const surface = newBenchSurface(profile, output);
  surface.initialize();
  return { surface, output };
}

/**
 * A deterministic stream of views that keeps changing like a busy daemon's:
 * 1..capacity sessions in rotating states, a moving selection, the actions the
 * selected state permits, overflow now and then, and activity motion.
 */
export function viewStream(accentNames: readonly string[], capacity: number): SurfaceView[] {
  return Array.from({ length: VIEW_STREAM_LENGTH }, (_, i) => {
    const count = 1 + (i % capacity);
    const selected = (i * 3) % count;
    const sessions = Array.from({ length: count }, (_, slot) => ({
      slot,
      state: AGENT_STATES[(i + slot) % AGENT_STATES.length]!,
      selected: slot === selected,
      accent: accentNames[slot % accentNames.length]!,
    }));
    const selectedState = sessions[selected]!.state;
    return makeSurfaceView({
      selectedState,
      frame: i,
      sessions,
      availableActions: CONTROL_ACTIONS.filter((action) => ACTION_PERMITTED_STATES[action].has(selectedState)),
      overflowCount: i % 5 === 0 ? 1 : 0,
      activityMotion: i % 3 === 0,
    });
  });
}

/**
 * Two Show frames for a profile that differ at every one of the grid and rail
 * lights even after scaling to the device's channel range (green is 40 in one,
 * 200 in the other), so alternating them changes all lights every time.
 */
export function alternatingShowFrames(profile: DeviceProfile): readonly [ShowFrame, ShowFrame] {
  const showcase = profile.surface.showcase;
  const frame = (green: number): ShowFrame => {
    let light = 0;
    const color = (): ShowColor => {
      light += 1;
      return makeShowColor('idle', [(light * 3) % 256, green, 255 - ((light * 5) % 256)]);
    };
    return {
      grid: Array.from({ length: 8 }, () => Array.from({ length: 8 }, color)),
      top: showcase.top.map(color),
      right: showcase.right.map(color),
    };
  };
  return [frame(40), frame(200)];
}

/**
 * Two Show frames whose palette fallbacks differ at every light: all `off`,
 * then all of the first palette token this profile lights differently.
 */
export function alternatingPaletteShowFrames(profile: DeviceProfile): readonly [ShowFrame, ShowFrame] {
  const colors = profile.lookup.colors;
  const lit = PALETTE_TOKENS.find((token) => colors.get(token) !== colors.get(OFF_TOKEN));
  if (lit === undefined) throw new Error(`${profile.id}: every palette token is dark`);
  const showcase = profile.surface.showcase;
  const frame = (token: string): ShowFrame => {
    const color = makeShowColor(token, [0, 0, 0]);
    return {
      grid: Array.from({ length: 8 }, () => Array.from({ length: 8 }, () => color)),
      top: showcase.top.map(() => color),
      right: showcase.right.map(() => color),
    };
  };
  return [frame(OFF_TOKEN), frame(lit)];
}

/** The same device as if it had no RGB Show support, so Show frames take the palette path. */
export function paletteOnly(profile: DeviceProfile): DeviceProfile {
  return { ...profile, capabilities: { ...profile.capabilities, show_rgb: undefined } };
}
