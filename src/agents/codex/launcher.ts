import type { StdioOptions } from 'node:child_process';
import type { CliIo } from '../../support/cli-io.js';
import { errorMessage } from '../../support/error-message.js';
import type { SignalSource } from '../shared/agent-child.js';
import { hex32 } from '../shared/hex32.js';
import type { HookEntry } from '../shared/hook-command.js';
import { planLaunch } from '../shared/launch-plan.js';
import { LauncherUsageError, type LauncherOptions } from '../shared/launcher-options.js';
import { LauncherTitle } from '../shared/launcher-title.js';
import { LAUNCHER_ENV, launcherChildEnv, leaseMetadata, runLeasedChild, type LeasedChildRun } from '../shared/leased-run.js';
import { defaultLingerEntry, lingerMarkerPath, parseLingerSeconds } from '../shared/linger.js';
import { noteOnStderr } from '../shared/never-harm.js';
import { ttyTitleSink, type TitleSink } from '../shared/terminal-title.js';
import { AppServerSession } from './app-server/session.js';
import { namesOption } from './app-server/tui-args.js';
import { hookOverrides } from './overrides.js';
import { placeholderIdentity } from './placeholder.js';
import { chooseCodexPath } from './which-path.js';

/** What the launcher takes from its process; tests substitute each. */
export interface CodexLauncherContext {
  /** The hook program; default: this Node and the built hook entry (tests pass a stand-in). */
  readonly hookEntry?: HookEntry;
  /** The linger helper (linger-main.js); null: a finished session leaves at once whatever `--linger` says. */
  readonly lingerEntry?: HookEntry | null;
  /** The launcher's working directory: lease metadata and relative paths. */
  readonly cwd: string;
  readonly stdio?: StdioOptions;
  /** Where the terminal title goes (default /dev/tty). */
  readonly titleSink?: TitleSink;
  readonly signals?: SignalSource;
  readonly leaseRetryMs?: number;
}

/** The Codex launcher's own options beyond the shared ones. */
const CODEX_OPTIONS = { valueFlags: ['--linger'], switches: ['--hooks'] };

/**
 * `pad-lattice codex [options] [--] [codex args…]`: runs interactive Codex
 * and holds the session lease while it runs, naming a placeholder session
 * until Codex names its own (placeholder.ts). A Codex with an app-server
 * (which-path.ts) runs on one of its own, with Pad-Lattice as a second client
 * that mirrors the thread and answers approvals and questions from the pad;
 * an older one runs with hooks scoped to this one child (agent-adapters.md
 * §A.7). The launcher owns the terminal title. When Codex exits, its session
 * stays on the pad for `--linger` seconds showing how it ended. Returns the
 * exit status: the child's, 2 for a bad option, 1 when the hook program or
 * the child cannot be found or started.
 */
export async function runCodexLauncher(args: readonly string[], io: CliIo, context: CodexLauncherContext): Promise<number> {
  let linger = 0;
  const plan = planLaunch(
    args,
    'codex',
    { ...context, env: io.env, stderr: io.stderr },
    (options) => {
      linger = parseLingerSeconds(options.extraValues.get('--linger'), (message) => new LauncherUsageError(message));
    },
    CODEX_OPTIONS,
  );
  if (typeof plan === 'number') return plan;
  const { options, socket, hookCommand: command } = plan;
  const leaseId = hex32();
  const placeholder = placeholderIdentity(leaseId);
  const env = launcherChildEnv(io.env, { leaseId, socket, label: options.label });
  const run: LeasedChildRun = {
    socketPath: socket,
    leaseId,
    metadata: leaseMetadata(context.cwd, options.label),
    agent: placeholder,
    command: options.agentBin,
    executableOption: '--codex',
    args: codexArgs(command, options),
    env: { ...env, [LAUNCHER_ENV.placeholder]: placeholder.sessionId },
    ...(options.terminalTitle ? { title: new LauncherTitle(context.titleSink ?? ttyTitleSink) } : {}),
    unavailableNote: 'daemon unavailable; Codex will start and the lease will retry',
    stderr: io.stderr,
    ...(context.stdio === undefined ? {} : { stdio: context.stdio }),
    ...(context.signals === undefined ? {} : { signals: context.signals }),
    ...(context.leaseRetryMs === undefined ? {} : { leaseRetryMs: context.leaseRetryMs }),
    ...(context.lingerEntry === null
      ? {}
      : {
          linger: {
            seconds: linger,
            entry: context.lingerEntry ?? defaultLingerEntry(),
            markerPath: lingerMarkerPath(io.env, ['codex', socket, context.cwd, options.label ?? '']),
          },
        }),
  };
  if ((await chooseCodexPath(options, io.env)) === 'hooks') return runLeasedChild(run);
  if (namesOption(options.agentArgs, ['--remote'])) {
    noteOnStderr(io.stderr, 'pad-lattice codex runs Codex on an app-server of its own, so --remote cannot be passed to Codex; add --hooks to keep your own');
    return 2;
  }
  let session: AppServerSession;
  try {
    session = await AppServerSession.open({
      codex: options.agentBin,
      cwd: context.cwd,
      env: run.env,
      userArgs: options.agentArgs,
      terminalTitle: options.terminalTitle,
      socketPath: socket,
      leaseId,
      placeholder,
      label: options.label,
    });
  } catch (error) {
    noteOnStderr(io.stderr, `${errorMessage(error)}; running Codex with hooks instead`);
    return runLeasedChild(run);
  }
  const status = await runLeasedChild({
    ...run,
    args: session.tuiArgs,
    onSpawn: (tui) => session.tuiStarted(tui),
    afterExit: () => session.close(),
  });
  for (const note of session.notes) noteOnStderr(io.stderr, note);
  return status;
}

/**
 * The hook path's arguments: `--enable hooks`, the five hook overrides,
 * `tui.terminal_title=[]` so Codex leaves the title to the launcher (unless
 * disabled), then the user's arguments (§A.7 step 6).
 */
export function codexArgs(command: string, options: Pick<LauncherOptions, 'approvalTimeout' | 'terminalTitle' | 'agentArgs'>): string[] {
  const overrides = hookOverrides(command, options.approvalTimeout).flatMap((override) => ['-c', override]);
  const title = options.terminalTitle ? ['-c', 'tui.terminal_title=[]'] : [];
  return ['--enable', 'hooks', ...overrides, ...title, ...options.agentArgs];
}
