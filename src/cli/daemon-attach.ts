import type { DaemonHandle } from '../daemon/daemon.js';
import type { DaemonLogger } from '../daemon/runtime/logger.js';
import type { Surface } from '../daemon/surface.js';
import { closeAllInReverse } from '../surfaces/member-lifecycle.js';
import { ManifestError } from '../experiences/index.js';
import { announceBrowserPad, openInBrowser } from './browser-pad.js';
import { daemonExperiencePlayer, daemonHostAudio, loadPackagedExperiences, type PackagedExperiences } from './daemon-experiences.js';
import type { DaemonRun, OpenSurfaces } from './serve-daemon.js';

/** The packaged Demo and Show, or null (reported) when the installation is broken. */
async function packagedExperiencesOrReport(logger: DaemonLogger): Promise<PackagedExperiences | null> {
  try {
    return await loadPackagedExperiences();
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    logger.error(`packaged experience: ${error.message}`);
    return null;
  }
}

function closeQuietly(surfaces: readonly Surface[]): void {
  try {
    closeAllInReverse(surfaces);
  } catch {
    // The error that got us here is the one to report.
  }
}

/**
 * The second half of a daemon command's start, once the daemon answers:
 * the packaged Demo and Show, the command's surfaces, host audio for
 * `--audio-feedback`, all attached to the running daemon; then the browser
 * pad's links. Null when something could not start (already reported).
 * `release` lets go of what the daemon's close does not.
 */
export async function attachDaemonSurfaces(
  handle: DaemonHandle,
  run: DaemonRun & { readonly logger: DaemonLogger; readonly audioFeedback: boolean },
  openSurfaces: OpenSurfaces,
): Promise<{ release(): Promise<void> } | null> {
  const { io, logger, deps } = run;
  const experiences = await packagedExperiencesOrReport(logger);
  if (experiences === null) return null;
  const opened = await openSurfaces(logger);
  if (opened === null) return null;
  const hostAudio = run.audioFeedback ? daemonHostAudio(experiences, logger, io.env) : null;
  // The daemon closes the surfaces; the bridge's listeners are gone only once its close is awaited.
  const release = async () => {
    hostAudio?.close();
    await opened.web?.bridge.close();
    await opened.release();
  };
  try {
    const experience = daemonExperiencePlayer(experiences, opened.surfaces, logger, hostAudio);
    // False: the daemon was stopped meanwhile; the surfaces are closed, the rest is released after the stop.
    const attachment = { surfaces: opened.surfaces, experience, earcons: hostAudio, profileInventory: opened.profileInventory ?? null };
    if (!handle.attachSurfaces(attachment)) return { release };
  } catch (error) {
    // attachSurfaces closed the surfaces if it got them; closing is idempotent.
    closeQuietly(opened.surfaces);
    await release();
    throw error;
  }
  const { web } = opened;
  if (web !== null) {
    // Only a daemon that runs keeps its token: a start that failed must not replace the link of one already running.
    web.keepLink();
    announceBrowserPad(web.bridge, io, run.json, true);
    if (web.open) (deps.openBrowser ?? openInBrowser)(web.bridge.adminUrl, io.env);
  }
  return { release };
}
