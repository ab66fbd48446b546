import type { MidiBackend } from '../../midi/midi-port.js';
import type { TextSink } from '../../midi/trace-output.js';
import { catalogChanges, type CatalogLoad, type DeviceProfile } from '../../profiles/index.js';
import { escapeUntrusted } from '../../support/untrusted-text.js';
import type { DeviceEventSource } from './device-node-events.js';
import type { DeviceSelection } from './device-plan.js';
import { HubSetupError } from './fixed-ports.js';
import { MidiDeviceHub, type HubLogger } from './midi-device-hub.js';
import type { GreetingOptions } from './open-device.js';

/** A catalog that follows the profile folders while the daemon runs (profiles' CatalogWatcher fits). */
export interface LiveCatalog {
  readonly snapshot: CatalogLoad;
  close(): Promise<void>;
}

export interface MidiHubSetup {
  readonly profileId?: string | undefined;
  readonly profileFile?: string | undefined;
  readonly input?: string | undefined;
  readonly output?: string | undefined;
  readonly greeting: GreetingOptions;
  readonly logger: HubLogger;
  /** Where `trace:-` writes. */
  readonly stdout: TextSink;
  readonly backend: () => MidiBackend;
  /** The catalog once (for --profile ID). */
  readonly loadCatalog: () => Promise<CatalogLoad>;
  /** The catalog kept up to date (for auto-detection), each later load told to `onChange`. */
  readonly watchCatalog: (onChange: (load: CatalogLoad) => void) => Promise<LiveCatalog>;
  readonly loadProfileFile: (path: string) => Promise<DeviceProfile>;
  /** True for the packaged profiles' files, which the log sums up in one line. */
  readonly isBuiltinSource: (source: string) => boolean;
  readonly scanIntervalMs?: number;
  /** Wakes the hub when hardware comes or goes (watchSoundDevices on Linux). */
  readonly deviceEvents?: DeviceEventSource;
}

export interface DaemonMidi {
  /** One surface for the daemon: every controller, present and future. */
  readonly hub: MidiDeviceHub;
  /** The profiles the daemon can drive now: the live catalog, or the one profile it was given. */
  profiles(): readonly DeviceProfile[];
  /** How many profile files the catalog could not load (each was logged). */
  refusedProfileFiles(): number;
  /** Stops following the profile folders; the daemon closes the hub itself. */
  dispose(): Promise<void>;
}

const given = (value: string | undefined): value is string => value !== undefined && value !== '';

/**
 * The daemon's MIDI side from its command-line choices: a named profile (from
 * the catalog or a file) or auto-detection over the supported profiles, with
 * optional port names or trace/file specs. Errors the user must fix — both
 * --profile and --profile-file, an unknown id, a broken file, a spec without a
 * profile — are thrown; a missing device or missing MIDI never is.
 */
export async function createMidiHub(setup: MidiHubSetup): Promise<DaemonMidi> {
  const ports = { ...(given(setup.input) ? { input: setup.input } : {}), ...(given(setup.output) ? { output: setup.output } : {}) };
  // Each load is logged against the previous one: every profile loaded, reloaded, refused or dropped, once.
  let logged: CatalogLoad | null = null;
  const logCatalog = (load: CatalogLoad) => {
    for (const line of catalogChanges(logged, load, setup.isBuiltinSource)) setup.logger[line.level](line.text);
    logged = load;
  };
  let selection: DeviceSelection;
  let live: LiveCatalog | null = null;
  if (given(setup.profileId) && given(setup.profileFile)) {
    throw new HubSetupError('use either --profile or --profile-file, not both');
  } else if (given(setup.profileFile)) {
    const profile = await setup.loadProfileFile(setup.profileFile);
    setup.logger.info(`profile loaded: ${profile.id} (${profile.status}) from ${escapeUntrusted(profile.source)}`);
    selection = { mode: 'profile', profile, ...ports };
  } else if (given(setup.profileId)) {
    const load = await setup.loadCatalog();
    logCatalog(load);
    selection = { mode: 'profile', profile: load.catalog.get(setup.profileId), ...ports };
  } else {
    live = await setup.watchCatalog(logCatalog);
    logCatalog(live.snapshot);
    const catalog = live;
    selection = { mode: 'auto', profiles: () => catalog.snapshot.catalog.profiles, ...ports };
  }
  const chosen = selection;
  const profiles = () => (chosen.mode === 'auto' ? chosen.profiles() : [chosen.profile]);
  try {
    const hub = new MidiDeviceHub({
      selection,
      backend: setup.backend,
      logger: setup.logger,
      greeting: setup.greeting,
      stdout: setup.stdout,
      ...(setup.scanIntervalMs === undefined ? {} : { scanIntervalMs: setup.scanIntervalMs }),
      ...(setup.deviceEvents === undefined ? {} : { deviceEvents: setup.deviceEvents }),
    });
    return { hub, profiles, refusedProfileFiles: () => logged?.problems.length ?? 0, dispose: async () => void (await live?.close()) };
  } catch (error) {
    await live?.close();
    throw error;
  }
}
