import { EXIT, UsageError, type CliIo } from './command.js';
import { numberOption } from './parse-args.js';
import { startDaemon, type DaemonHandle, type DaemonOptions } from '../daemon/daemon.js';
import { defaultAccentStorePath } from '../daemon/identity-store/accent-store-path.js';
import type { DaemonLogger } from '../daemon/runtime/logger.js';
import type { ProfileInventorySource } from '../daemon/runtime/inventory-report.js';
import { holdStopSignals, runUntilSignalled, type EarlyStopSignals } from '../daemon/shutdown-signals.js';
import { SocketStartupError } from '../daemon/socket/index.js';
import { defaultSocketPath } from '../unix-socket/socket-path.js';
import type { Surface } from '../daemon/surface.js';
import type { MidiBackend } from '../midi/midi-port.js';
import type { SurfaceBackends } from './daemon-surfaces.js';
import type { WebBridge } from '../web/index.js';
import type { StartBridge } from './browser-pad.js';
import { lineLogger } from './log-lines.js';
import { socketProblem } from './socket-problem.js';

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
                          /tmp/pad-lattice-<uid>/pad-lattice.sock)
  --terminal-hold SEC     how long success/error/cancelled stay lit (default 2.0)
  --session-ttl SEC       remove unleased sessions idle this long (default 86400;
                          0 disables)
  --identity-store PATH   accent preference file (default
                          $XDG_STATE_HOME/pad-lattice/identities.json, else
                          ~/.local/state/pad-lattice/identities.json); written
                          at most once a second, and when the daemon stops
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
  /** Default: none; the real daemon holds stop signals from before it listens (see `holdStopSignals`). */
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
export type DaemonSettings = Omit<DaemonOptions, 'surfaces' | 'surfacesLater' | 'experience' | 'earcons' | 'logger'> & {
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

/** A daemon's browser pad: its bridge, and how to keep its admin token once the daemon runs. */
export interface DaemonBrowserPad {
  readonly bridge: WebBridge;
  readonly open: boolean;
  keepLink(): void;
}

/** The surfaces a daemon command opened, and what else must be let go with them. */
export interface OpenedSurfaces {
  /** In the order of midi-rendering.md §13: the browser first, then the MIDI hub. */
  readonly surfaces: readonly Surface[];
  readonly web: DaemonBrowserPad | null;
  /** Whatever the surfaces hold beyond their close() (the hub's profile-folder watcher). */
  release(): Promise<void>;
  /** The device profiles the daemon's `inventory` reply lists. */
  readonly profileInventory?: ProfileInventorySource;
}

/** Opens a command's surfaces once the daemon answers; null when it could not (already reported). */
export type OpenSurfaces = (logger: DaemonLogger) => Promise<OpenedSurfaces | null>;

/** How a daemon-running command was asked to run. */
export interface DaemonRun {
  readonly command: string;
  readonly settings: DaemonSettings;
  readonly json: boolean;
  readonly io: CliIo;
  readonly deps: DaemonCommandDeps;
}

/**
 * The steps every daemon-running command (`daemon`, `web`) takes once its
 * flags are checked: start the daemon, which answers agents at once; then,
 * with the stop signals already handled, load the packaged experiences and
 * open the command's surfaces (daemon-attach.ts, imported only now:
 * controllers, profiles, the browser pad and the Show are not needed for a
 * first answer) and attach them; then serve until stopped. If that second
 * step fails, the daemon is shut down again and the command fails.
 */
export async function serveDaemonCommand(run: DaemonRun, openSurfaces: OpenSurfaces): Promise<number> {
  const logger: DaemonLogger = lineLogger(run.io.stderr, run.command, run.json);
  const { audioFeedback, ...options } = run.settings;
  // The socket answers before start() resolves: a stop signal in between must not find Node's default handler.
  const early = run.deps.holdStopSignals?.(logger) ?? null;
  let handle: DaemonHandle;
  try {
    handle = await run.deps.start({ ...options, surfacesLater: true, logger });
  } catch (error) {
    early?.release();
    const problem = error instanceof SocketStartupError ? error.message : socketProblem(error, options.socketPath ?? defaultSocketPath(run.io.env));
    if (problem === null) throw error;
    logger.error(problem);
    return EXIT.failure;
  }
  const stopped = run.deps.waitForStop(handle, logger, early);
  // Awaited only once the surfaces are attached; a stop that fails before that must not go unhandled.
  stopped.catch(() => undefined);
  let attached: { release(): Promise<void> } | null;
  try {
    const { attachDaemonSurfaces } = await import('./daemon-attach.js');
    attached = await attachDaemonSurfaces(handle, { ...run, logger, audioFeedback }, openSurfaces);
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (attached === null) {
    await handle.close();
    return EXIT.failure;
  }
  logger.info(`connect an agent: pad-lattice send-state running${options.socketPath === undefined ? '' : ` --socket ${options.socketPath}`}`);
  await stopped;
  await attached.release();
  logger.info('stopped');
  return EXIT.ok;
}
