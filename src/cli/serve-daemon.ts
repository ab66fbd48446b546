import { EXIT, UsageError, type CliIo } from './command.js';
import { numberOption } from './parse-args.js';
import { startDaemon, type DaemonHandle, type DaemonOptions } from '../daemon/daemon.js';
import { defaultAccentStorePath } from '../daemon/control-plane/accent-store-path.js';
import type { DaemonLogger } from '../daemon/runtime/logger.js';
import type { ProfileInventorySource } from '../daemon/runtime/inventory-report.js';
import { holdStopSignals, runUntilSignalled, type EarlyStopSignals } from '../daemon/shutdown-signals.js';
import { SocketStartupError } from '../daemon/socket/index.js';
import { defaultSocketPath } from '../daemon/wire/index.js';
import type { Surface } from '../daemon/surface.js';
import { ManifestError } from '../experiences/index.js';
import type { MidiBackend } from '../midi/midi-port.js';
import type { SurfaceBackends } from './daemon-surfaces.js';
import { startWebBridge, type WebBridge } from '../web/index.js';
import { announceBrowserPad, browserPadProblem, openInBrowser, startBrowserPad, type BrowserPadSettings, type StartBridge } from './browser-pad.js';
import { planAdminToken } from './admin-token.js';
import type { AdminLinkSettings } from './admin-link.js';
import type { Controllers } from './controllers.js';
import { lineLogger } from './log-lines.js';
import { socketProblem } from './socket-problem.js';
import { daemonExperiencePlayer, daemonHostAudio, loadPackagedExperiences, type PackagedExperiences } from './daemon-experiences.js';

/** The options every daemon-running command (`daemon`, `web`) shares. */
export const DAEMON_CORE_OPTIONS = {
  socket: { type: 'string' },
  'terminal-hold': { type: 'string' },
  'session-ttl': { type: 'string' },
  'identity-store': { type: 'string' },
  'activity-motion': { type: 'boolean', default: false },
  'audio-feedback': { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
} as const;

export const DAEMON_CORE_HELP = `  --socket PATH           socket path (default: $PAD_LATTICE_SOCKET, else
                          $XDG_RUNTIME_DIR/pad-lattice.sock, else
                          /tmp/pad-lattice-<uid>.sock)
  --terminal-hold SEC     how long success/error/cancelled stay lit (default 2.0)
  --session-ttl SEC       remove unleased sessions idle this long (default 86400;
                          0 disables)
  --identity-store PATH   accent preference file (default
                          $XDG_STATE_HOME/pad-lattice/identities.json, else
                          ~/.local/state/pad-lattice/identities.json)
  --activity-motion       slowly re-render a running selected session
  --audio-feedback        play earcons for agent states and presses, the Demo's
                          earcons and the Show's score on this machine (through
                          paplay, aplay, pw-play or ffplay)
  --json                  log one JSON object per line on stderr
                          ({"level":"info","message":"..."}); the browser pad's
                          links become one JSON object on stdout`;

export interface DaemonCommandDeps extends SurfaceBackends {
  readonly start: (options: DaemonOptions) => Promise<DaemonHandle>;
  readonly waitForStop: (handle: DaemonHandle, logger: DaemonLogger, early: EarlyStopSignals | null) => Promise<string>;
  /** Default: none; the real daemon holds stop signals from its first step (see `holdStopSignals`). */
  readonly holdStopSignals?: (logger: DaemonLogger) => EarlyStopSignals;
  /** Default: @julusian/midi, quiet on Linux machines without an ALSA sequencer. */
  readonly midiBackend?: () => MidiBackend;
  /** Default: the real bridge (web-surface-protocol-1.md). */
  readonly startWeb?: StartBridge;
  /** Default: xdg-open when a display exists. */
  readonly openBrowser?: (url: string, env: NodeJS.ProcessEnv) => boolean;
}

/** The real daemon, run until a stop signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT); every other step at its default. */
export const DEFAULT_DAEMON_DEPS: DaemonCommandDeps = { start: startDaemon, waitForStop: runUntilSignalled, holdStopSignals };

type CoreValues = {
  socket?: string;
  'terminal-hold'?: string;
  'session-ttl'?: string;
  'identity-store'?: string;
  'activity-motion'?: boolean;
  'audio-feedback'?: boolean;
};

/** The daemon options the flags ask for, minus surfaces; checked before anything is opened, so a typo leaks nothing. */
export type DaemonSettings = Omit<DaemonOptions, 'surfaces' | 'experience' | 'earcons' | 'logger'> & {
  readonly audioFeedback: boolean;
  /** The CLI always has an identity store; the browser pad keeps its admin token beside it. */
  readonly identityStorePath: string;
};

export function daemonSettings(values: CoreValues, io: CliIo): DaemonSettings {
  if (values.socket === '') throw new UsageError('--socket must not be empty');
  return {
    env: io.env,
    ...(values.socket === undefined ? {} : { socketPath: values.socket }),
    terminalHold: numberOption('--terminal-hold', values['terminal-hold'], 2.0, 0),
    sessionTtl: numberOption('--session-ttl', values['session-ttl'], 86_400, 0),
    // The CLI always enables the accent store (control-plane.md §15.1).
    identityStorePath: values['identity-store'] ?? defaultAccentStorePath(io.env),
    activityMotion: values['activity-motion'] === true,
    audioFeedback: values['audio-feedback'] === true,
  };
}

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

/** A daemon's browser pad: its bridge, and how to keep its admin token once the daemon runs. */
export interface DaemonBrowserPad {
  readonly bridge: WebBridge;
  readonly open: boolean;
  keepLink(): void;
}

/**
 * Starts the browser pad with the stored admin token (a new one with
 * `--new-token`), or reports why it cannot (port taken, app not built …) and
 * returns null.
 */
export async function browserPadOrReport(
  settings: BrowserPadSettings,
  link: AdminLinkSettings,
  logger: DaemonLogger,
  deps: DaemonCommandDeps,
): Promise<DaemonBrowserPad | null> {
  const token = planAdminToken(link.tokenPath, link.rotate, logger);
  try {
    const bridge = await startBrowserPad(settings, logger, deps.startWeb ?? startWebBridge, { adminToken: token.token });
    return { bridge, open: settings.open, keepLink: () => token.keep(bridge.port) };
  } catch (error) {
    const problem = browserPadProblem(error, settings);
    if (problem === null) throw error;
    logger.error(`browser pad: ${problem}`);
    return null;
  }
}

/** The surfaces a daemon command opened, and what else must be let go with them. */
export interface OpenedSurfaces {
  /** In the order of midi-rendering.md §13: the browser first, then MIDI, then serial and HID. */
  readonly surfaces: readonly Surface[];
  readonly web: DaemonBrowserPad | null;
  /** Whatever the surfaces hold beyond their close() (the hub's profile-folder watcher). */
  release(): Promise<void>;
  /** The device profiles the daemon's `inventory` reply lists. */
  readonly profileInventory?: ProfileInventorySource;
}

/**
 * The surfaces of `daemon` and `web`: the browser pad, when `pad` asks for
 * it, before the opened controllers (midi-rendering.md §13). Null, with the
 * controllers closed, when the pad could not start (already reported).
 */
export async function surfacesWithBrowserPad(
  controllers: Controllers,
  pad: BrowserPadSettings | null,
  link: AdminLinkSettings,
  logger: DaemonLogger,
  deps: DaemonCommandDeps,
): Promise<OpenedSurfaces | null> {
  let web: DaemonBrowserPad | null = null;
  try {
    if (pad !== null) web = await browserPadOrReport(pad, link, logger, deps);
  } catch (error) {
    await controllers.close();
    throw error;
  }
  if (pad !== null && web === null) {
    await controllers.close();
    return null;
  }
  return {
    surfaces: [...(web === null ? [] : [web.bridge.surface]), ...controllers.surfaces],
    web,
    release: controllers.release,
    profileInventory: controllers.profileInventory,
  };
}

/**
 * The steps every daemon-running command (`daemon`, `web`) takes once its
 * flags are checked: log as `pad-lattice <command>`, load the packaged
 * experiences, let the command open its surfaces (null when it could not,
 * already reported), then serve until stopped. Exit 1 when a step fails.
 */
export async function serveDaemonCommand(
  command: string,
  flags: { readonly settings: DaemonSettings; readonly json: boolean },
  io: CliIo,
  deps: DaemonCommandDeps,
  openSurfaces: (logger: DaemonLogger) => Promise<OpenedSurfaces | null>,
): Promise<number> {
  const logger: DaemonLogger = lineLogger(io.stderr, command, flags.json);
  const early = deps.holdStopSignals?.(logger) ?? null;
  const notStarted = () => {
    early?.release();
    return EXIT.failure;
  };
  const experiences = await packagedExperiencesOrReport(logger);
  if (experiences === null) return notStarted();
  const opened = await openSurfaces(logger).catch((error: unknown) => {
    early?.release();
    throw error;
  });
  if (opened === null) return notStarted();
  return serveDaemon({ ...flags, ...opened, io, logger, deps, experiences, early });
}

interface DaemonPlan extends OpenedSurfaces {
  readonly settings: DaemonSettings;
  readonly io: CliIo;
  readonly json: boolean;
  readonly logger: DaemonLogger;
  readonly deps: DaemonCommandDeps;
  readonly experiences: PackagedExperiences;
  readonly early: EarlyStopSignals | null;
}

/**
 * Runs a daemon on prepared surfaces, with the packaged Demo and Show, until
 * it is stopped; then lets go of everything, also when it could not start.
 */
async function serveDaemon(plan: DaemonPlan): Promise<number> {
  const { settings, io, logger, deps, web } = plan;
  const { audioFeedback, ...options } = settings;
  const hostAudio = audioFeedback ? daemonHostAudio(plan.experiences, logger, io.env) : null;
  const experience = daemonExperiencePlayer(plan.experiences, plan.surfaces, logger, hostAudio);
  // The daemon closes the surfaces; the bridge's listeners are gone only once its close is awaited.
  const letGo = async () => {
    hostAudio?.close();
    await web?.bridge.close();
    await plan.release();
  };
  let handle: DaemonHandle;
  try {
    handle = await deps.start({
      ...options,
      surfaces: plan.surfaces,
      experience,
      earcons: hostAudio,
      logger,
      profileInventory: plan.profileInventory ?? null,
    });
  } catch (error) {
    plan.early?.release();
    await letGo();
    const problem = error instanceof SocketStartupError ? error.message : socketProblem(error, options.socketPath ?? defaultSocketPath(io.env));
    if (problem === null) throw error;
    logger.error(problem);
    return EXIT.failure;
  }
  if (web !== null) {
    // Only a daemon that runs keeps its token: a start that failed must not replace the link of one already running.
    web.keepLink();
    announceBrowserPad(web.bridge, io, plan.json, true);
    if (web.open) (deps.openBrowser ?? openInBrowser)(web.bridge.adminUrl, io.env);
  }
  logger.info(`connect an agent: pad-lattice send-state running${settings.socketPath === undefined ? '' : ` --socket ${settings.socketPath}`}`);
  await deps.waitForStop(handle, logger, plan.early);
  await letGo();
  logger.info('stopped');
  return EXIT.ok;
}
