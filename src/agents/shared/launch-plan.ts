import { defaultHookEntry, HookEntryMissingError, hookCommand, type HookAgent, type HookEntry } from './hook-command.js';
import { LauncherUsageError, parseLauncherArgs, type ExtraLauncherOptions, type LauncherOptions } from './launcher-options.js';
import { noteOnStderr } from './never-harm.js';
import { launcherSocketPath } from './socket-path.js';

/** What a launcher has settled before it opens anything. */
export interface LaunchPlan {
  readonly options: LauncherOptions;
  /** The effective socket (§1.2 launcher rule). */
  readonly socket: string;
  /** The shell command the agent runs for every hook event. */
  readonly hookCommand: string;
}

export interface LaunchSurroundings {
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** The hook program; default: this Node and the built `hook-main.js` (tests pass a stand-in). */
  readonly hookEntry?: HookEntry;
  readonly stderr: NodeJS.WritableStream;
}

/**
 * The first steps every launcher shares (agent-adapters.md §A.7, §B.8):
 * parse its options (`check` may refuse more with a LauncherUsageError),
 * then build the hook command. On failure it prints one `pad-lattice:`
 * line and returns the exit status instead: 2 for usage, 1 when the hook
 * program is missing.
 */
export function planLaunch(
  args: readonly string[],
  agent: HookAgent,
  surroundings: LaunchSurroundings,
  check?: (options: LauncherOptions) => void,
  extra?: ExtraLauncherOptions,
): LaunchPlan | number {
  let options: LauncherOptions;
  try {
    options = parseLauncherArgs(args, agent, extra);
    check?.(options);
  } catch (error) {
    if (!(error instanceof LauncherUsageError)) throw error;
    noteOnStderr(surroundings.stderr, error.message);
    return 2;
  }
  const socket = launcherSocketPath(surroundings.env, options.socket);
  try {
    const entry = surroundings.hookEntry ?? defaultHookEntry();
    const command = hookCommand({ entry, socketPath: socket, approvalTimeout: options.approvalTimeout, agent, env: surroundings.env, cwd: surroundings.cwd });
    return { options, socket, hookCommand: command };
  } catch (error) {
    if (!(error instanceof HookEntryMissingError)) throw error;
    noteOnStderr(surroundings.stderr, error.message);
    return 1;
  }
}
