import { sep } from 'node:path';
import type { InventoryProfile } from '../wire/index.js';
import type { ProfileInventorySource } from '../daemon/runtime/inventory-report.js';
import type { HidBackend } from '../hid/hid-device.js';
import type { MidiBackend } from '../midi/midi-port.js';
import { createJulusianBackend } from '../midi/julusian-backend.js';
import { gateOnSequencer } from '../midi/sequencer-gate.js';
import { watchSoundDevices } from '../midi/sound-device-events.js';
import { addMidiGrids, resolveMidiSelection, type GreetingOptions, type MidiSelection } from '../midi-grid/index.js';
import {
  BUILTIN_PROFILE_ROOT,
  CatalogWatcher,
  deckProfiles,
  followProfiles,
  gridProfiles,
  loadProfileFile,
  opensAutomatically,
  userRootsOf,
  type LiveProfiles,
} from '../profiles/index.js';
import type { SerialBackend } from '../serial/serial-port.js';
import type { StreamDeckLibrary } from '../stream-deck/library.js';
import type { SurfaceHub } from '../surfaces/index.js';
import { cachedUntilDevChanges } from '../support/dev-listing-cache.js';
import { errorMessage } from '../support/error-message.js';
import type { Logger } from '../support/logger.js';
import type { TextSink } from '../midi/trace-output.js';
import { escapeUntrusted } from '../support/untrusted-text.js';

/** The MIDI controllers asked for: a profile (by id or file) or every supported one, optional ports, the greeting. */
export interface MidiChoice {
  readonly profileId?: string | undefined;
  readonly profileFile?: string | undefined;
  readonly input?: string | undefined;
  readonly output?: string | undefined;
  readonly greeting: GreetingOptions;
}

/** Which controllers a daemon drives besides the browser pad; null turns a family off. */
export interface ControllerChoice {
  readonly midi: MidiChoice | null;
  /** monome grids: `paths` names them (`--grid`), otherwise they are found by their USB identity. */
  readonly serial: { readonly paths: readonly string[] } | null;
  /** Stream Decks. */
  readonly hid: boolean;
}

/** The native libraries behind the controllers; tests inject mocks. Absent: the real ones. */
export interface ControllerBackends {
  readonly midiBackend?: () => MidiBackend;
  readonly serialBackend?: () => SerialBackend;
  readonly hidBackend?: () => HidBackend;
  readonly streamDeckLibrary?: () => StreamDeckLibrary;
}

/** Where the controllers' side of a daemon reads and writes, beyond its logger. */
export interface ControllerContext {
  readonly env: NodeJS.ProcessEnv;
  /** Where `trace:-` writes. */
  readonly stdout: TextSink;
  readonly logger: Logger;
}

/** The controllers a hub drives, as the rest of the daemon needs them. */
export interface Controllers {
  /** The device and surface profiles for `status` (the daemon's `inventory` reply). */
  readonly profileInventory: ProfileInventorySource;
  /** Stops following the profile folders. */
  release(): Promise<void>;
}

const isBuiltinSource = (source: string) => source.startsWith(`${BUILTIN_PROFILE_ROOT}${sep}`);

function following(context: ControllerContext): Promise<LiveProfiles> {
  const { logger } = context;
  return followProfiles({
    logger,
    isBuiltinSource,
    watch: (onChange) =>
      CatalogWatcher.start({
        builtinRoot: BUILTIN_PROFILE_ROOT,
        userRoots: userRootsOf(context.env),
        onChange,
        onError: (error) => logger.warn(`profile folders: ${escapeUntrusted(errorMessage(error))}`),
      }),
  });
}

function inventory(midi: MidiSelection | null, live: LiveProfiles | null, profileFile: string | undefined): ProfileInventorySource {
  const listed = (profile: { id: string; status: string; source: string }, automatic: boolean, fromFile: boolean): InventoryProfile => ({
    id: profile.id,
    status: profile.status,
    opensAutomatically: automatic,
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

/** A real backend whose listing is repeated only when /dev changed (see cachedUntilDevChanges). */
function quietListing<B extends { list(): Promise<readonly unknown[]> }>(backend: B): () => B {
  const list = cachedUntilDevChanges(() => backend.list());
  const quiet = Object.assign(Object.create(backend) as B, { list });
  return () => quiet;
}

/**
 * Adds the controllers a choice asks for to the hub: MIDI grids (a fixed
 * trace/file device at once, or a driver that finds them), monome grids and
 * Stream Decks, over one following of the profile folders; a profile dropped
 * in, changed or removed while the daemon runs is used from then on. Errors
 * the user must fix (an unknown profile, a broken profile file, both
 * --profile and --profile-file, a trace port that cannot be opened) are
 * thrown with nothing left running; a missing device or a machine without
 * MIDI, serial or HID never is.
 */
export async function addControllers(
  hub: SurfaceHub,
  choice: ControllerChoice,
  context: ControllerContext,
  backends: ControllerBackends,
): Promise<Controllers> {
  const { logger } = context;
  let started: Promise<LiveProfiles> | null = null;
  const profiles = () => (started ??= following(context));
  const stopFollowing = async () => void (await (await started?.catch(() => null))?.close());
  try {
    let midi: MidiSelection | null = null;
    if (choice.midi !== null) {
      const midiChoice = choice.midi;
      const backend = backends.midiBackend ?? (() => gateOnSequencer(createJulusianBackend()));
      midi = await resolveMidiSelection({ ...midiChoice, logger, profiles, loadProfileFile: (path) => loadProfileFile(path), geometry: hub.geometry });
      addMidiGrids(hub, midi, { backend, greeting: midiChoice.greeting, logger, stdout: context.stdout, deviceEvents: watchSoundDevices() });
    }
    const live = choice.serial !== null || choice.hid ? await profiles() : started === null ? null : await started;
    if (live !== null) {
      const surfaceProfiles = () => live.snapshot.surfaces;
      // Imported only now, after the MIDI controllers were added: their modules must not delay a MIDI controller's first frame.
      if (choice.serial !== null) {
        const [{ gridDriver }, { createSerialportBackend }] = await Promise.all([
          import('../monome/grid-driver.js'),
          import('../serial/serialport-backend.js'),
        ]);
        const backend = backends.serialBackend ?? quietListing(createSerialportBackend());
        hub.addDriver(gridDriver({ backend, paths: choice.serial.paths, profiles: () => gridProfiles(surfaceProfiles()) }));
      }
      if (choice.hid) {
        const [{ deckDriver }, { loadStreamDeckLibrary }, { createNodeHidBackend }] = await Promise.all([
          import('../stream-deck/deck-driver.js'),
          import('../stream-deck/library.js'),
          import('../hid/node-hid-backend.js'),
        ]);
        const backend = backends.hidBackend ?? quietListing(createNodeHidBackend());
        const library = backends.streamDeckLibrary ?? (() => loadStreamDeckLibrary());
        hub.addDriver(deckDriver({ backend, library, profiles: () => deckProfiles(surfaceProfiles()) }));
      }
      live.onChange(() => void hub.profilesChanged());
    }
    return { profileInventory: inventory(midi, live, choice.midi?.profileFile), release: stopFollowing };
  } catch (error) {
    await stopFollowing();
    throw error;
  }
}
