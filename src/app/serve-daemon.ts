import type { DaemonHandle } from '../daemon/daemon.js';
import type { DaemonLogger } from '../daemon/runtime/logger.js';
import type { EarlyStopSignals } from '../daemon/shutdown-signals.js';
import { SocketStartupError } from '../daemon/socket/index.js';
import { defaultSocketPath } from '../unix-socket/socket-path.js';
import type { AttachDeps, AttachedSurfaces, SurfaceConfig } from './attach-surfaces.js';
import { socketProblem } from './socket-problem.js';
import { removeLiveAdminLink, writeLiveAdminLink } from './live-admin-link.js';
import { errorMessage } from '../support/error-message.js';
import { cliInvocation } from '../support/cli-invocation.js';
import { quote } from 'shell-quote';
import { startPadDaemon, type DaemonSettings, type StartDaemon } from './start-daemon.js';

/** How a daemon is served: its settings and surfaces, where it logs and prints its links. */
export interface ServeConfig {
  readonly settings: DaemonSettings;
  readonly surfaces: Omit<SurfaceConfig, 'env' | 'stdout' | 'logger'>;
  readonly logger: DaemonLogger;
  readonly env: NodeJS.ProcessEnv;
  /** Where the browser pad's links (and `trace:-`) go. */
  readonly output: SurfaceConfig['stdout'];
  /** The links as one JSON object instead of text. */
  readonly json: boolean;
}

export interface ServeDeps extends AttachDeps {
  readonly start: StartDaemon;
  /** Resolves when the daemon should stop (a signal), having closed it. */
  readonly waitForStop: (handle: DaemonHandle, logger: DaemonLogger, early: EarlyStopSignals | null) => Promise<string>;
  /** Holds stop signals from before the socket listens; absent: none. */
  readonly holdStopSignals?: (logger: DaemonLogger) => EarlyStopSignals;
  /** Default: xdg-open when a display exists. */
  readonly openBrowser?: (url: string, env: NodeJS.ProcessEnv) => boolean;
}

/**
 * A daemon as Pad-Lattice runs it, from start to stop: the daemon, answering
 * agents at once; then, with the stop signals already handled, its surfaces
 * (attach-surfaces.ts, imported only now: controllers, profiles, the browser
 * pad and the Show are not needed for a first answer) and the browser pad's
 * links; then it serves until stopped. False when it could not start (the
 * cause is logged); errors the caller reports itself (a profile or port the
 * user named) are thrown, with the daemon shut down again.
 */
export async function servePadDaemon(config: ServeConfig, deps: ServeDeps): Promise<boolean> {
  const { logger, settings } = config;
  // The socket answers before start() resolves: a stop signal in between must not find Node's default handler.
  const early = deps.holdStopSignals?.(logger) ?? null;
  let daemon: Awaited<ReturnType<typeof startPadDaemon>>;
  try {
    daemon = await startPadDaemon(settings, logger, deps.start);
  } catch (error) {
    early?.release();
    const problem = error instanceof SocketStartupError ? error.message : socketProblem(error, settings.socketPath ?? defaultSocketPath(config.env));
    if (problem === null) throw error;
    logger.error(problem);
    return false;
  }
  const { handle } = daemon;
  const socketPath = settings.socketPath ?? defaultSocketPath(config.env);
  // The socket is ours now: a live link left by a daemon killed on it is stale.
  removeLiveAdminLink(socketPath);
  const stopped = deps.waitForStop(handle, logger, early);
  // Awaited only once the surfaces are attached; a stop that fails before that must not go unhandled.
  stopped.catch(() => undefined);
  let attached: AttachedSurfaces | null;
  try {
    const { attachPadSurfaces } = await import('./attach-surfaces.js');
    attached = await attachPadSurfaces(daemon, { ...config.surfaces, env: config.env, stdout: config.output, logger }, deps);
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (attached === null) {
    await handle.close();
    return false;
  }
  const liveLink = attached.web === null ? null : await announce(attached.web, socketPath, config, deps);
  const cli = cliInvocation(config.env);
  logger.info(`connect an agent: ${cli.command} send-state running${settings.socketPath === undefined ? '' : ` --socket ${quote([settings.socketPath])}`}`);
  if (cli.putOnPath !== null) logger.info(cli.putOnPath);
  await stopped;
  liveLink?.remove();
  await attached.release();
  logger.info('stopped');
  return true;
}

/**
 * Only a daemon that runs keeps its token: a start that failed must not
 * replace the link of one already running. Its live link lasts as long as
 * the daemon: removed when it stops, or exits any other way.
 */
async function announce(web: NonNullable<AttachedSurfaces['web']>, socketPath: string, config: ServeConfig, deps: ServeDeps): Promise<{ remove(): void }> {
  const { announceBrowserPad, openInBrowser } = await import('./browser-pad.js');
  web.keepLink();
  const removeAtExit = () => removeLiveAdminLink(socketPath);
  try {
    writeLiveAdminLink(socketPath, web.bridge.adminUrl);
    process.once('exit', removeAtExit);
  } catch (error) {
    config.logger.warn(
      `browser pad: cannot note the live admin link beside the socket (${errorMessage(error)}); 'pad-lattice web --print-link' shows the stored one`,
    );
  }
  announceBrowserPad(web.bridge, config.output, config.json, true);
  if (config.surfaces.browserPad?.settings.open === true) (deps.openBrowser ?? openInBrowser)(web.bridge.adminUrl, config.env);
  return {
    remove() {
      process.off('exit', removeAtExit);
      removeAtExit();
    },
  };
}
