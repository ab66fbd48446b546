import { join } from 'node:path';
import type { ControlSurface } from '../domain/index.js';
import type { DaemonLogger } from '../daemon/runtime/logger.js';
import {
  ExperiencePlayer,
  PACKAGED_DEMO_FILE,
  PACKAGED_SHOW_FILE,
  loadDemoManifest,
  loadPerformanceManifest,
  surfacesOutput,
  type DemoManifest,
  type PerformanceManifest,
} from '../experiences/index.js';
import { PACKAGE_ROOT } from '../package-info.js';

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
 * The daemon's Demo/Show controller (experiences.md §10): it draws on every
 * surface itself — browsers also get the lifecycle through `setExperience` —
 * and the admin browser starts and stops it. A surface that fails while an
 * experience draws is reported and skipped. The daemon has no host audio.
 */
export function daemonExperiencePlayer(packaged: PackagedExperiences, surfaces: readonly ControlSurface[], logger: DaemonLogger): ExperiencePlayer {
  const output = surfacesOutput(surfaces, (surface, error) => {
    logger.warn(`experience on ${surface.profileId}: ${error instanceof Error ? error.message : String(error)}`);
  });
  return new ExperiencePlayer({ demo: packaged.demo, show: packaged.show, output });
}
