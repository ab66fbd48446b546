import type { MidiBackend } from '../midi/midi-port.js';
import type { TextSink } from '../midi/trace-output.js';
import type { DeviceProfile } from '../profiles/index.js';
import { escapeUntrusted } from '../support/untrusted-text.js';
import type { DeviceEventSource } from '../surfaces/device-node-events.js';
import type { DeviceSelection } from './device-plan.js';
import { HubSetupError } from './fixed-ports.js';
import type { LiveProfiles } from '../surfaces/live-profiles.js';
import { MidiDeviceHub } from './midi-device-hub.js';
import type { GreetingOptions } from './open-device.js';
import type { Logger } from '../support/logger.js';

export interface MidiHubSetup {
  readonly profileId?: string | undefined;
  readonly profileFile?: string | undefined;
  readonly input?: string | undefined;
  readonly output?: string | undefined;
  readonly greeting: GreetingOptions;
  readonly logger: Logger;
  /** Where `trace:-` writes. */
  readonly stdout: TextSink;
  readonly backend: () => MidiBackend;
  /** The profile folders followed for the whole process (asked for only when --profile-file is not given). */
  readonly profiles: () => Promise<LiveProfiles>;
  readonly loadProfileFile: (path: string) => Promise<DeviceProfile>;
  readonly scanIntervalMs?: number;
  /** Wakes the hub when hardware comes or goes (watchSoundDevices on Linux). */
  readonly deviceEvents?: DeviceEventSource;
}

export interface DaemonMidi {
  /** One surface for the daemon: every controller, present and future. */
  readonly hub: MidiDeviceHub;
  /** The profiles the daemon can drive now: the live catalog's, or the one profile it was given. */
  profiles(): readonly DeviceProfile[];
}

const given = (value: string | undefined): value is string => value !== undefined && value !== '';

/**
 * The daemon's MIDI side from its command-line choices: a named profile (from
 * the catalog or a file) or auto-detection over the supported profiles of the
 * live catalog, with optional port names or trace/file specs. Errors the user
 * must fix — both --profile and --profile-file, an unknown id, a broken file,
 * a spec without a profile — are thrown; a missing device or missing MIDI
 * never is.
 */
export async function createMidiHub(setup: MidiHubSetup): Promise<DaemonMidi> {
  const ports = { ...(given(setup.input) ? { input: setup.input } : {}), ...(given(setup.output) ? { output: setup.output } : {}) };
  let selection: DeviceSelection;
  if (given(setup.profileId) && given(setup.profileFile)) {
    throw new HubSetupError('use either --profile or --profile-file, not both');
  } else if (given(setup.profileFile)) {
    const profile = await setup.loadProfileFile(setup.profileFile);
    setup.logger.info(`profile loaded: ${profile.id} (${profile.status}) from ${escapeUntrusted(profile.source)}`);
    selection = { mode: 'profile', profile, ...ports };
  } else if (given(setup.profileId)) {
    selection = { mode: 'profile', profile: (await setup.profiles()).snapshot.catalog.get(setup.profileId), ...ports };
  } else {
    const live = await setup.profiles();
    selection = { mode: 'auto', profiles: () => live.snapshot.catalog.profiles, ...ports };
  }
  const chosen = selection;
  const hub = new MidiDeviceHub({
    selection,
    backend: setup.backend,
    logger: setup.logger,
    greeting: setup.greeting,
    stdout: setup.stdout,
    ...(setup.scanIntervalMs === undefined ? {} : { scanIntervalMs: setup.scanIntervalMs }),
    ...(setup.deviceEvents === undefined ? {} : { deviceEvents: setup.deviceEvents }),
  });
  return { hub, profiles: () => (chosen.mode === 'auto' ? chosen.profiles() : [chosen.profile]) };
}
