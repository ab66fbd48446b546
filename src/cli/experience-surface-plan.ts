import { UsageError } from './command.js';
import { browserPadFlagsGiven, browserPadSettings } from './browser-pad-flags.js';
import type { SurfacePlan } from '../app/experience-surfaces.js';

/** Where a standalone `demo` / `show` plays (experiences.md §10.5). */
export const SURFACE_CHOICES = ['midi', 'web', 'both'] as const;
export type SurfaceChoice = (typeof SURFACE_CHOICES)[number];

export const SURFACE_HELP = `  --surface WHERE       midi (default): start at once on the controllers (MIDI, monome
                        grids, Stream Decks); web: serve the browser pad and wait until
                        its admin page starts it; both: the browser pad and the
                        controllers, started from the page`;

type BrowserPadValues = Parameters<typeof browserPadSettings>[0];
type DeviceValues = { profile?: string; 'profile-file'?: string; input?: string; output?: string; grid?: string[]; 'no-serial'?: boolean; 'no-hid'?: boolean };
export type SurfaceValues = DeviceValues & BrowserPadValues & { surface?: string };

const needs = (flags: string[], what: string) => `${flags.join(', ')} ${flags.length === 1 ? 'needs' : 'need'} ${what}`;

/** Checks `--surface` against the other flags before anything is opened, so a typo leaks nothing. */
export function surfacePlan(values: SurfaceValues): SurfacePlan {
  const choice = values.surface ?? 'midi';
  if (!(SURFACE_CHOICES as readonly string[]).includes(choice)) {
    throw new UsageError(`--surface must be one of ${SURFACE_CHOICES.join(', ')}, got ${JSON.stringify(choice)}`);
  }
  const padFlags = browserPadFlagsGiven(values);
  if (choice === 'midi' && padFlags.length > 0) throw new UsageError(needs(padFlags, '--surface web or both'));
  const deviceFlags = (['profile', 'profile-file', 'input', 'output', 'grid', 'no-serial', 'no-hid'] as const)
    .filter((flag) => values[flag] !== undefined && values[flag] !== false)
    .map((flag) => `--${flag}`);
  if (choice === 'web' && deviceFlags.length > 0) throw new UsageError(needs(deviceFlags, '--surface midi or both'));
  return { controllers: choice !== 'web', pad: choice === 'midi' ? null : browserPadSettings(values) };
}
