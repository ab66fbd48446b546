import type { StdioOptions } from 'node:child_process';
import type { CliIo } from '../../cli/command.js';
import type { SignalSource } from '../shared/agent-child.js';
import { hex32 } from '../shared/hex32.js';
import { planLaunch } from '../shared/launch-plan.js';
import type { LauncherOptions } from '../shared/launcher-options.js';
import { LAUNCHER_ENV, launcherChildEnv, leaseMetadata, runLeasedChild } from '../shared/leased-run.js';
import { hookOverrides } from './overrides.js';

/** What the launcher takes from its process; tests substitute each. */
export interface CodexLauncherContext {
  /** The path the CLI was started as (`process.argv[1]`), for the hook command (§A.7.1). */
  readonly argv0: string;
  /** The launcher's working directory: lease metadata and relative paths. */
  readonly cwd: string;
  readonly stdio?: StdioOptions;
  readonly signals?: SignalSource;
  readonly leaseRetryMs?: number;
}

/**
 * `pad-lattice codex [options] [--] [codex args…]` (agent-adapters.md §A.7):
 * starts interactive Codex with hooks scoped to this one child and holds the
 * session lease while it runs. Returns the exit status: the child's, 2 for
 * a bad label or timeout, 1 when the hook command or the child cannot be
 * resolved or started.
 */
export async function runCodexLauncher(args: readonly string[], io: CliIo, context: CodexLauncherContext): Promise<number> {
  const plan = planLaunch(args, 'codex', { ...context, env: io.env, stderr: io.stderr });
  if (typeof plan === 'number') return plan;
  const { options, socket, hookCommand: command } = plan;
  const leaseId = hex32();
  const env = launcherChildEnv(io.env, { leaseId, socket, label: options.label });
  if (options.terminalTitle) env[LAUNCHER_ENV.terminalTitle] = '1';
  return runLeasedChild({
    socketPath: socket,
    leaseId,
    metadata: leaseMetadata(context.cwd, options.label),
    command: options.agentBin,
    executableOption: '--codex',
    args: codexArgs(command, options),
    env,
    unavailableNote: 'daemon unavailable; Codex will start and the lease will retry',
    stderr: io.stderr,
    ...(context.stdio === undefined ? {} : { stdio: context.stdio }),
    ...(context.signals === undefined ? {} : { signals: context.signals }),
    ...(context.leaseRetryMs === undefined ? {} : { leaseRetryMs: context.leaseRetryMs }),
  });
}

/**
 * `--enable hooks`, the five hook overrides, `tui.terminal_title=[]` so Codex
 * leaves the title to the hooks (unless disabled), then the user's arguments (§A.7 step 6).
 */
export function codexArgs(command: string, options: Pick<LauncherOptions, 'approvalTimeout' | 'terminalTitle' | 'agentArgs'>): string[] {
  const overrides = hookOverrides(command, options.approvalTimeout).flatMap((override) => ['-c', override]);
  const title = options.terminalTitle ? ['-c', 'tui.terminal_title=[]'] : [];
  return ['--enable', 'hooks', ...overrides, ...title, ...options.agentArgs];
}
