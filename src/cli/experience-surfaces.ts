import type { ControlSurface, ExperienceKind } from '../domain/index.js';
import type { MidiBackend } from '../midi/midi-port.js';
import { parsePortSpec } from '../midi/port-spec.js';
import { startWebBridge, type WebBridge } from '../web/index.js';
import { UsageError, type CliIo } from './command.js';
import { browserPadProblem, startBrowserPad, type StartBridge } from './browser-pad.js';
import { browserPadFlagsGiven, browserPadSettings, type BrowserPadSettings } from './browser-pad-flags.js';
import { openControllers, type Controllers } from './controllers.js';
import type { SurfaceBackends, SurfaceValues as SerialHidValues } from './daemon-surfaces.js';
import type { Logger } from '../support/logger.js';

/** Where a standalone `demo` / `show` plays (experiences.md §10.5). */
export const SURFACE_CHOICES = ['midi', 'web', 'both'] as const;
export type SurfaceChoice = (typeof SURFACE_CHOICES)[number];

export const SURFACE_HELP = `  --surface WHERE       midi (default): start at once on the controllers (MIDI, monome
                        grids, Stream Decks); web: serve the browser pad and wait until
                        its admin page starts it; both: the browser pad and the
                        controllers, started from the page`;

type DeviceValues = SerialHidValues & { profile?: string; 'profile-file'?: string; input?: string; output?: string };
type BrowserPadValues = Parameters<typeof browserPadSettings>[0];
export type SurfaceValues = DeviceValues & BrowserPadValues & { surface?: string };

export interface SurfacePlan {
  readonly choice: SurfaceChoice;
  /** The browser pad's settings, or null for MIDI only. */
  readonly pad: BrowserPadSettings | null;
}

export interface SurfaceDeps extends SurfaceBackends {
  readonly backend: () => MidiBackend;
  /** Default: the real bridge (web-surface-protocol-1.md). */
  readonly startWeb?: StartBridge;
}

/** A surface failed to start in a way the user can fix (the port is taken, the app is not built). */
export class SurfaceStartError extends Error {
  override readonly name = 'SurfaceStartError';
}

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
  return { choice: choice as SurfaceChoice, pad: choice === 'midi' ? null : browserPadSettings(values) };
}

const isPortSpec = (text: string | undefined, direction: 'input' | 'output') =>
  text !== undefined && text !== '' && parsePortSpec(text, direction).kind !== 'device';

/**
 * The controllers, opened as the daemon opens them: MIDI, monome grids and
 * Stream Decks. A Show reads no presses, so a trace output alone is enough.
 */
function experienceControllers(kind: ExperienceKind, values: DeviceValues, io: CliIo, logger: Logger, deps: SurfaceDeps): Promise<Controllers> {
  const input = values.input ?? (kind === 'show' && isPortSpec(values.output, 'output') ? 'file:/dev/null' : undefined);
  return openControllers({ ...values, ...(input === undefined ? {} : { input }), 'no-greeting': true }, io, logger, { ...deps, midiBackend: deps.backend });
}

export interface ExperienceSurfaces {
  /** The browser first, then the controllers (midi-rendering.md §13). */
  readonly surfaces: readonly ControlSurface[];
  readonly controllers: Controllers | null;
  readonly bridge: WebBridge | null;
  /** Closes everything: controllers cleared, browsers disconnected, listeners unbound. */
  close(): Promise<void>;
}

/** Opens what the plan asks for; if the second part fails the first is closed again. */
export async function openExperienceSurfaces(
  kind: ExperienceKind,
  plan: SurfacePlan,
  values: DeviceValues,
  io: CliIo,
  logger: Logger,
  deps: SurfaceDeps,
): Promise<ExperienceSurfaces> {
  const controllers = plan.choice === 'web' ? null : await experienceControllers(kind, values, io, logger, deps);
  let bridge: WebBridge | null = null;
  if (plan.pad !== null) {
    try {
      bridge = await startBrowserPad(plan.pad, logger, deps.startWeb ?? startWebBridge);
    } catch (error) {
      await controllers?.close();
      const problem = browserPadProblem(error, plan.pad);
      if (problem === null) throw error;
      throw new SurfaceStartError(`browser pad: ${problem}`);
    }
  }
  const opened = bridge;
  return {
    surfaces: [...(opened === null ? [] : [opened.surface]), ...(controllers?.surfaces ?? [])],
    controllers,
    bridge: opened,
    async close() {
      await controllers?.close();
      await opened?.close();
    },
  };
}
