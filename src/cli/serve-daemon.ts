import type { ServeConfig, ServeDeps } from '../app/serve-daemon.js';
import type { DaemonSettings as AppDaemonSettings } from '../app/start-daemon.js';
import { startDaemon } from '../daemon/daemon.js';
import { defaultAccentStorePath } from '../daemon/identity-store/accent-store-path.js';
import { holdStopSignals, runUntilSignalled } from '../daemon/shutdown-signals.js';
import { EXIT, UsageError, type CliIo } from './command.js';
import { lineLogger } from '../support/log-lines.js';
import { numberOption } from './parse-args.js';
import { DEFAULT_APPROVE_HOLD } from '../daemon/control-plane/index.js';

/** The options every daemon-running command (`daemon`, `web`) shares. */
export const DAEMON_CORE_OPTIONS = {
  socket: { type: 'string' },
  'terminal-hold': { type: 'string' },
  'approve-hold': { type: 'string' },
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
  --approve-hold SEC      how long Approve must be held for a destructive command
                          while its fill rises (default 1.5; 0: a press approves)
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

/** The daemon's steps, injectable so tests check option handling without sockets or hardware. */
export type DaemonCommandDeps = ServeDeps;

/** The real daemon, run until a stop signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT); every other step at its default. */
export const DEFAULT_DAEMON_DEPS: DaemonCommandDeps = { start: startDaemon, waitForStop: runUntilSignalled, holdStopSignals };

type CoreValues = {
  socket?: string;
  'terminal-hold'?: string;
  'approve-hold'?: string;
  'session-ttl'?: string;
  'identity-store'?: string;
  'activity-motion'?: boolean;
  'audio-feedback'?: boolean;
};

/** The daemon options the flags ask for, minus surfaces; checked before anything is opened, so a typo leaks nothing. */
export type DaemonSettings = AppDaemonSettings & {
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
    approveHold: numberOption('--approve-hold', values['approve-hold'], DEFAULT_APPROVE_HOLD, 0),
    sessionTtl: numberOption('--session-ttl', values['session-ttl'], 86_400, 0),
    // The CLI always enables the accent store (control-plane.md §15.1).
    identityStorePath: values['identity-store'] ?? defaultAccentStorePath(io.env),
    activityMotion: values['activity-motion'] === true,
    audioFeedback: values['audio-feedback'] === true,
  };
}

/** How a daemon-running command was asked to run. */
export interface DaemonRun {
  readonly command: string;
  readonly settings: DaemonSettings;
  readonly json: boolean;
  readonly io: CliIo;
  readonly deps: DaemonCommandDeps;
}

/** What the command's flags ask the daemon to be made of beyond its socket. */
export type DaemonSurfaceChoice = Pick<ServeConfig['surfaces'], 'controllers' | 'browserPad'>;

/** `daemon` and `web` once their flags are checked: the daemon as src/app serves it, with the command's log lines and exit codes. */
export async function serveDaemonCommand(run: DaemonRun, choice: DaemonSurfaceChoice): Promise<number> {
  const { audioFeedback, ...settings } = run.settings;
  const logger = lineLogger(run.io.stderr, run.command, run.json);
  const { servePadDaemon } = await import('../app/serve-daemon.js');
  const config: ServeConfig = { settings, surfaces: { ...choice, audioFeedback }, logger, env: run.io.env, output: run.io.stdout, json: run.json };
  try {
    return (await servePadDaemon(config, run.deps)) ? EXIT.ok : EXIT.failure;
  } catch (error) {
    // A flag value this machine does not have (a LAN host) is a usage error, reported as one.
    const { BrowserPadFlagError } = await import('../app/browser-pad.js');
    throw error instanceof BrowserPadFlagError ? new UsageError(error.message) : error;
  }
}
