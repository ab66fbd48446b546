import { sep } from 'node:path';
import type { CliIo } from './command.js';
import { BUILTIN_PROFILE_ROOT, userRootsFor } from './commands/profile-context.js';
import { numberOption } from './parse-args.js';
import { surfaceTransports, type SurfaceBackends, type SurfaceValues } from './daemon-surfaces.js';
import type { ProfileInventorySource } from '../daemon/runtime/inventory-report.js';
import type { InventoryProfile } from '../wire/index.js';
import type { ControlSurface } from '../domain/index.js';
import { createMidiHub, followProfiles, watchSoundDevices, type DaemonMidi, type LiveProfiles } from '../midi-grid/index.js';
import { createSurfaceHub } from '../surfaces/index.js';
import type { MidiBackend } from '../midi/midi-port.js';
import { CatalogWatcher, loadProfileFile, opensAutomatically } from '../profiles/index.js';
import { DEFAULT_GREETING, DEFAULT_GREETING_DELAY_SECONDS } from '../render/index.js';
import { errorMessage } from '../support/error-message.js';
import { escapeUntrusted } from '../support/untrusted-text.js';
import type { Logger } from '../support/logger.js';

/** The options that choose the controllers (DAEMON_MIDI_OPTIONS and DAEMON_SURFACE_OPTIONS). */
export type ControllerValues = SurfaceValues & {
  profile?: string;
  'profile-file'?: string;
  input?: string;
  output?: string;
  'no-greeting'?: boolean;
  'greeting-delay'?: string;
};

export interface ControllerBackends extends SurfaceBackends {
  /** null leaves MIDI alone (`web` drives grids and Stream Decks but no MIDI controller). */
  readonly midiBackend: (() => MidiBackend) | null;
}

/**
 * Every controller a command drives besides the browser — MIDI controllers,
 * monome grids, Stream Decks — opened the same way for `daemon`, `show`,
 * `demo` and (without MIDI) `web`, over one following of the profile folders.
 */
export interface Controllers {
  /** The MIDI hub, then the serial/HID hub (midi-rendering.md §13: serial and HID after MIDI). */
  readonly surfaces: readonly ControlSurface[];
  /** The device and surface profiles for `status` (the daemon's inventory reply). */
  readonly profileInventory: ProfileInventorySource;
  /** How many controllers are open now, of every kind. */
  openCount(): number;
  /** Resolves once the serial and HID devices plugged in now are open or refused (they open asynchronously); call after initialize(). */
  scanned(): Promise<void>;
  /** Waits until closed serial and HID devices are let go, and stops following the profile folders; closing the hubs is up to whoever drives them (the daemon does). */
  release(): Promise<void>;
  /** Closes the hubs (controllers cleared, ports let go), then releases. */
  close(): Promise<void>;
}

const isBuiltinSource = (source: string) => source.startsWith(`${BUILTIN_PROFILE_ROOT}${sep}`);

function following(io: CliIo, logger: Logger): Promise<LiveProfiles> {
  return followProfiles({
    logger,
    isBuiltinSource,
    watch: (onChange) =>
      CatalogWatcher.start({
        builtinRoot: BUILTIN_PROFILE_ROOT,
        userRoots: userRootsFor(io),
        onChange,
        onError: (error) => logger.warn(`profile folders: ${escapeUntrusted(errorMessage(error))}`),
      }),
  });
}

function inventory(midi: DaemonMidi | null, live: LiveProfiles | null, profileFile: string | undefined): ProfileInventorySource {
  const listed = (profile: { id: string; status: string; source: string }, opensAutomatically: boolean, fromFile: boolean): InventoryProfile => ({
    id: profile.id,
    status: profile.status,
    opensAutomatically,
    origin: isBuiltinSource(profile.source) ? 'built-in' : fromFile ? 'file' : 'user',
    source: profile.source,
  });
  const givenFile = profileFile !== undefined && profileFile !== '';
  return {
    profiles: () => [
      ...(midi?.profiles() ?? []).map((profile) => listed(profile, opensAutomatically(profile), givenFile)),
      // A surface profile opens whenever a device of its size appears.
      ...(live?.snapshot.surfaces ?? []).map((profile) => listed(profile, true, false)),
    ],
    refusedProfileFiles: () => live?.snapshot.problems.length ?? 0,
  };
}

function midiHub(values: ControllerValues, io: CliIo, logger: Logger, backend: () => MidiBackend, profiles: () => Promise<LiveProfiles>): Promise<DaemonMidi> {
  const delaySeconds = numberOption('--greeting-delay', values['greeting-delay'], DEFAULT_GREETING_DELAY_SECONDS, 0);
  return createMidiHub({
    profileId: values.profile,
    profileFile: values['profile-file'],
    input: values.input,
    output: values.output,
    greeting: { text: values['no-greeting'] === true ? null : DEFAULT_GREETING, delaySeconds },
    logger,
    stdout: io.stdout,
    backend,
    deviceEvents: watchSoundDevices(),
    profiles,
    loadProfileFile: (path) => loadProfileFile(path),
  });
}

/**
 * Opens the controllers the options ask for. Errors the user must fix (an
 * unknown profile, a broken profile file, both --profile and --profile-file)
 * are thrown with nothing left open; a missing device or a machine without
 * MIDI, serial or HID never is. Nothing is initialised yet.
 */
export async function openControllers(values: ControllerValues, io: CliIo, logger: Logger, backends: ControllerBackends): Promise<Controllers> {
  const transports = surfaceTransports(values, backends);
  const surfacesOn = transports.serial !== null || transports.hid !== null;
  let started: Promise<LiveProfiles> | null = null;
  const profiles = () => (started ??= following(io, logger));
  const stopFollowing = async () => void (await (await started?.catch(() => null))?.close());
  try {
    const midi = backends.midiBackend === null ? null : await midiHub(values, io, logger, backends.midiBackend, profiles);
    const live = surfacesOn ? await profiles() : started === null ? null : await started;
    const others = live === null ? null : createSurfaceHub({ profiles: live, logger, ...transports });
    // A grid is darkened and a deck cleared asynchronously: wait for that before the process may exit.
    const release = async () => {
      await others?.released();
      await live?.close();
    };
    return {
      surfaces: [...(midi === null ? [] : [midi.hub]), ...(others === null ? [] : [others])],
      profileInventory: inventory(midi, live, values['profile-file']),
      openCount: () => (midi?.hub.descriptors.length ?? 0) + (others?.descriptors.length ?? 0),
      scanned: async () => void (await others?.scanNow()),
      release,
      async close() {
        midi?.hub.close();
        others?.close();
        await release();
      },
    };
  } catch (error) {
    await stopFollowing();
    throw error;
  }
}
