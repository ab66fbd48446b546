import { join } from 'node:path';
import { createHostAudio, systemAudioEnvironment, type HostAudioHandle } from '../audio/host/index.js';
import { manifestScoreCues } from '../audio/show-audio.js';
import type { DaemonLogger } from '../daemon/runtime/logger.js';
import {
  ExperiencePlayer,
  PACKAGED_DEMO_FILE,
  PACKAGED_SHOW_FILE,
  loadDemoManifest,
  loadPerformanceManifest,
  type DemoManifest,
  type ExperienceOutput,
  type HostAudio,
  type PerformanceManifest,
} from '../experiences/index.js';
import { PACKAGE_ROOT } from '../support/package-info.js';

export interface PackagedExperiences {
  readonly demo: DemoManifest;
  readonly show: PerformanceManifest;
}

/** The Demo and Show Pad-Lattice ships; a ManifestError here means a broken installation. */
export async function loadPackagedExperiences(): Promise<PackagedExperiences> {
  const [demo, show] = await Promise.all([
    loadDemoManifest(join(PACKAGE_ROOT, PACKAGED_DEMO_FILE)),
    loadPerformanceManifest(join(PACKAGE_ROOT, PACKAGED_SHOW_FILE)),
  ]);
  return { demo, show };
}

/**
 * The daemon's Demo/Show controller (experiences.md §10): it draws through
 * the daemon's surface set — browsers also get the lifecycle — and the admin
 * browser starts and stops it. With host audio (`--audio-feedback`) the
 * Demo's earcons and the Show's score also play on this machine (§12.3, §12.7).
 */
export function daemonExperiencePlayer(packaged: PackagedExperiences, output: ExperienceOutput, audio: HostAudio | null = null): ExperiencePlayer {
  return new ExperiencePlayer({ demo: packaged.demo, show: packaged.show, output, audio, hostScore: audio !== null });
}

/**
 * Host audio for `--audio-feedback`; says once on the log when the machine
 * cannot play sound. The daemon always plays its Show at tempo 1, so that
 * score is rendered now rather than when the Show starts.
 */
export function daemonHostAudio(packaged: PackagedExperiences, logger: DaemonLogger, env: NodeJS.ProcessEnv): HostAudioHandle {
  const audio = createHostAudio({ report: (message) => logger.warn(message), environment: systemAudioEnvironment(env) });
  audio.prepareShowScore(manifestScoreCues(packaged.show));
  return audio;
}
