import type { DaemonLogger } from '../daemon/runtime/logger.js';
import type { OpenedSurface } from '../domain/index.js';
import type { TextSink } from '../midi/trace-output.js';
import type { WebBridge } from '../web/index.js';
import type { BrowserPadSettings, StartBridge } from './browser-pad.js';
import { addControllers, type ControllerBackends, type ControllerChoice, type Controllers } from './controllers.js';
import type { PackagedExperiences } from './experiences.js';
import type { RunningDaemon } from './start-daemon.js';

/** The browser pad of a daemon: how it is served, and where its admin token is kept. */
export interface BrowserPadChoice {
  readonly settings: BrowserPadSettings;
  /** `web-admin-token.json` beside the identity store. */
  readonly tokenPath: string;
  /** `--new-token`: every earlier admin link stops working. */
  readonly rotateToken: boolean;
}

/** What a running daemon is made of beyond its socket, as a command (or the bench, or the soak) asks for it. */
export interface SurfaceConfig {
  readonly controllers: ControllerChoice;
  readonly browserPad: BrowserPadChoice | null;
  /** Earcons and the Show's score on this machine (`--audio-feedback`). */
  readonly audioFeedback: boolean;
  /** Surfaces that do not come and go, added first (the bench's counting ports). */
  readonly fixedSurfaces?: readonly OpenedSurface[];
  readonly env: NodeJS.ProcessEnv;
  /** Where `trace:-` writes. */
  readonly stdout: TextSink;
  readonly logger: DaemonLogger;
}

export interface AttachDeps extends ControllerBackends {
  /** Default: the real bridge (web-surface-protocol-1.md). */
  readonly startWeb?: StartBridge;
}

/** What was attached, and how to let go of what the daemon's own close does not. */
export interface AttachedSurfaces {
  /** The browser pad, running; `keepLink` stores its admin token for the next start. */
  readonly web: { readonly bridge: WebBridge; keepLink(): void } | null;
  /** After the daemon closed: the bridge's listeners, host audio, the profile folders, devices still being let go. */
  release(): Promise<void>;
}

/** The packaged Demo and Show, or null (reported) when the installation is broken. */
async function packagedExperiencesOrReport(logger: DaemonLogger): Promise<PackagedExperiences | null> {
  const [{ ManifestError }, { loadPackagedExperiences }] = await Promise.all([import('../experiences/index.js'), import('./experiences.js')]);
  try {
    return await loadPackagedExperiences();
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    logger.error(`packaged experience: ${error.message}`);
    return null;
  }
}

/** Starts the browser pad with the stored admin token (a new one with `--new-token`), or reports why it cannot and returns null. */
async function browserPadOrReport(choice: BrowserPadChoice, logger: DaemonLogger, startWeb: StartBridge | undefined) {
  const [{ planAdminToken }, { browserPadProblem, startBrowserPad }, { startWebBridge }] = await Promise.all([
    import('./admin-token.js'),
    import('./browser-pad.js'),
    import('../web/index.js'),
  ]);
  const token = planAdminToken(choice.tokenPath, choice.rotateToken, logger);
  const start = startWeb ?? startWebBridge;
  try {
    const bridge = await startBrowserPad(choice.settings, logger, start, { adminToken: token.token });
    return { bridge, keepLink: () => token.keep(bridge.port, choice.settings.port === 0) };
  } catch (error) {
    const problem = browserPadProblem(error, choice.settings);
    if (problem === null) throw error;
    logger.error(`browser pad: ${problem}`);
    return null;
  }
}

/**
 * The second half of a daemon's start, once it answers: the controllers
 * first, then the browser pad and the packaged Demo and Show, then host
 * audio, all through the daemon's one hub. The browser pad's and the
 * experiences' modules are imported only after the controllers were added:
 * loading them (some hundred modules) before would delay a controller's
 * first frame by as long. Null when something the user must fix stopped it
 * (already reported); errors the command reports itself (a profile or port
 * the user named) are thrown. Either way nothing is left open but the
 * daemon, which the caller closes.
 */
export async function attachPadSurfaces(daemon: RunningDaemon, config: SurfaceConfig, deps: AttachDeps = {}): Promise<AttachedSurfaces | null> {
  const { handle, hub } = daemon;
  const { logger } = config;
  for (const surface of config.fixedSurfaces ?? []) hub.add(surface);
  let controllers: Controllers | null = null;
  let web: Awaited<ReturnType<typeof browserPadOrReport>> = null;
  let hostAudio: { close(): void } | null = null;
  const release = async () => {
    hostAudio?.close();
    await web?.bridge.close();
    await controllers?.release();
    await hub.released();
  };
  let experiences: PackagedExperiences | null;
  try {
    controllers = await addControllers(hub, config.controllers, config, deps);
    const loading = packagedExperiencesOrReport(logger);
    loading.catch(() => undefined);
    if (config.browserPad !== null) {
      web = await browserPadOrReport(config.browserPad, logger, deps.startWeb);
      if (web === null) {
        await loading;
        await release();
        return null;
      }
      const { BROWSER_PAD_DESCRIPTOR } = await import('../web/index.js');
      hub.add({ surface: web.bridge.surface, descriptor: BROWSER_PAD_DESCRIPTOR, frameIntervalMs: 0 }, 'web');
    }
    experiences = await loading;
  } catch (error) {
    await release();
    throw error;
  }
  if (experiences === null) {
    await release();
    return null;
  }
  const { daemonExperiencePlayer, daemonHostAudio } = await import('./experiences.js');
  const audio = config.audioFeedback ? daemonHostAudio(experiences, logger, config.env) : null;
  hostAudio = audio;
  const experience = daemonExperiencePlayer(experiences, hub, audio);
  handle.attach({ experience, earcons: audio, profileInventory: controllers.profileInventory });
  return { web, release };
}
