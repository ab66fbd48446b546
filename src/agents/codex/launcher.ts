import type { StdioOptions } from 'node:child_process';
import type { CliIo } from '../../support/cli-io.js';
import { LauncherTitle } from '../shared/launcher-title.js';
import { ttyTitleSink, type TitleSink } from '../shared/terminal-title.js';
import type { SignalSource } from '../shared/agent-child.js';
import { hex32 } from '../shared/hex32.js';
import type { HookEntry } from '../shared/hook-command.js';
import { planLaunch } from '../shared/launch-plan.js';
import type { LauncherOptions } from '../shared/launcher-options.js';
import { LAUNCHER_ENV, launcherChildEnv, leaseMetadata, runLeasedChild } from '../shared/leased-run.js';
import { hookOverrides } from './overrides.js';
import { placeholderIdentity } from './placeholder.js';

/** What the launcher takes from its process; tests substitute each. */
export interface CodexLauncherContext {
  /** The hook program; default: this Node and the built hook entry (tests pass a stand-in). */
  readonly hookEntry?: HookEntry;
  /** The launcher's working directory: lease metadata and relative paths. */
  readonly cwd: string;
  readonly stdio?: StdioOptions;
  /** Where the terminal title goes (default /dev/tty). */
  readonly titleSink?: TitleSink;
  readonly signals?: SignalSource;
  readonly leaseRetryMs?: number;
}

/**
 * `pad-lattice codex [options] [--] [codex args…]` (agent-adapters.md §A.7):
 * starts interactive Codex with hooks scoped to this one child and holds the
 * session lease while it runs, naming a placeholder session until Codex
 * reports its own (placeholder.ts). The launcher owns the terminal title:
 * Codex runs its hooks without a terminal, so they cannot write it. Returns
 * the exit status: the child's, 2 for a bad label or timeout, 1 when the
 * hook program or the child cannot be found or started.
 */
export async function runCodexLauncher(args: readonly string[], io: CliIo, context: CodexLauncherContext): Promise<number> {
  const plan = planLaunch(args, 'codex', { ...context, env: io.env, stderr: io.stderr });
  if (typeof plan === 'number') return plan;
  const { options, socket, hookCommand: command } = plan;
  const leaseId = hex32();
  const placeholder = placeholderIdentity(leaseId);
  const env = launcherChildEnv(io.env, { leaseId, socket, label: options.label });
  env[LAUNCHER_ENV.placeholder] = placeholder.sessionId;
  return runLeasedChild({
    socketPath: socket,
    leaseId,
    metadata: leaseMetadata(context.cwd, options.label),
    agent: placeholder,
    command: options.agentBin,
    executableOption: '--codex',
    args: codexArgs(command, options),
    env,
    ...(options.terminalTitle ? { title: new LauncherTitle(context.titleSink ?? ttyTitleSink) } : {}),
    unavailableNote: 'daemon unavailable; Codex will start and the lease will retry',
    stderr: io.stderr,
    ...(context.stdio === undefined ? {} : { stdio: context.stdio }),
    ...(context.signals === undefined ? {} : { signals: context.signals }),
    ...(context.leaseRetryMs === undefined ? {} : { leaseRetryMs: context.leaseRetryMs }),
  });
}

/**
 * `--enable hooks`, the five hook overrides, `tui.terminal_title=[]` so Codex
 * leaves the title to the launcher (unless disabled), then the user's arguments (§A.7 step 6).
 */
export function codexArgs(command: string, options: Pick<LauncherOptions, 'approvalTimeout' | 'terminalTitle' | 'agentArgs'>): string[] {
  const overrides = hookOverrides(command, options.approvalTimeout).flatMap((override) => ['-c', override]);
  const title = options.terminalTitle ? ['-c', 'tui.terminal_title=[]'] : [];
  return ['--enable', 'hooks', ...overrides, ...title, ...options.agentArgs];
}
