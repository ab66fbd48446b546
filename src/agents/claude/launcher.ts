import type { SignalSource } from '../shared/agent-child.js';
import { hex32 } from '../shared/hex32.js';
import type { HookEntry } from '../shared/hook-command.js';
import { planLaunch } from '../shared/launch-plan.js';
import { LauncherUsageError, type LauncherOptions } from '../shared/launcher-options.js';
import { launcherChildEnv, leaseMetadata, runLeasedChild } from '../shared/leased-run.js';
import { noteOnStderr } from '../shared/never-harm.js';
import { LauncherTitle } from '../shared/launcher-title.js';
import { ttyTitleSink, type TitleSink } from '../shared/terminal-title.js';
import { permissionModeArgs } from './permission-mode.js';
import { ensurePrivateDir, privateRuntimeDir, realUid } from './runtime-dir.js';
import { eventsFor, lacksPermissionRequest, padInEveryMode, settingsObject, writeSettingsFile } from './settings.js';
import { formatClaudeVersion, probeClaudeVersion, type ClaudeVersion } from './version-probe.js';
import { errorMessage } from '../../support/error-message.js';

/** Everything the launcher reads from its surroundings; tests pass their own (never the real ~/.claude or terminal). */
export interface ClaudeLauncherContext {
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** The hook program; default: this Node and the built hook entry (tests pass a stand-in). */
  readonly hookEntry?: HookEntry;
  readonly stderr: NodeJS.WritableStream;
  readonly titleSink?: TitleSink;
  readonly signals?: SignalSource;
  readonly uid?: number;
  readonly leaseRetryMs?: number;
  /** Managed settings folder read for `permissions.defaultMode` (default `/etc/claude-code`). */
  readonly managedSettingsDir?: string;
}

export const SETTINGS_CONFLICT = '--settings cannot be combined with pad-lattice claude';

/**
 * `pad-lattice claude [options] [--] [claude args…]` (agent-adapters.md
 * §B.8): start Claude Code with Pad-Lattice hooks scoped to this one
 * process through a generated `--settings` file, in the user's permission
 * mode where the installed version keeps the pad in every mode (else in
 * `default` mode unless the user chose one, permission-mode.ts), hold the session
 * lease for its lifetime, and keep the terminal title. Returns the exit
 * status: the child's, 2 for usage errors, 1 when the launch itself fails.
 */
export async function runClaudeLauncher(args: readonly string[], context: ClaudeLauncherContext): Promise<number> {
  const plan = planLaunch(args, 'claude', context, (options) => {
    if (options.agentArgs.some((arg) => arg === '--settings' || arg.startsWith('--settings='))) throw new LauncherUsageError(SETTINGS_CONFLICT);
  });
  if (typeof plan === 'number') return plan;
  const { options, socket, hookCommand: command } = plan;
  const version = await probeClaudeVersion(options.agentBin, context.env);
  const settingsPath = prepareSettings(command, options, version, context);
  if (settingsPath === null) return 1;
  const leaseId = hex32();
  // A version that keeps the pad in every mode starts in the user's own mode; an older one in default mode.
  const mode = padInEveryMode(version)
    ? []
    : permissionModeArgs(options.agentArgs, {
        env: context.env,
        cwd: context.cwd,
        ...(context.managedSettingsDir === undefined ? {} : { managedDir: context.managedSettingsDir }),
      });
  return runLeasedChild({
    socketPath: socket,
    leaseId,
    metadata: leaseMetadata(context.cwd, options.label),
    command: options.agentBin,
    executableOption: '--claude',
    args: ['--settings', settingsPath, ...mode, ...options.agentArgs],
    env: childEnv(context.env, { leaseId, socket, label: options.label, terminalTitle: options.terminalTitle }),
    unavailableNote: 'daemon unavailable; Claude Code will start and the lease will retry',
    stderr: context.stderr,
    ...(options.terminalTitle ? { title: new LauncherTitle(context.titleSink ?? ttyTitleSink) } : {}),
    ...(context.signals === undefined ? {} : { signals: context.signals }),
    ...(context.leaseRetryMs === undefined ? {} : { leaseRetryMs: context.leaseRetryMs }),
  });
}

/** Picks the events for the version, writes the settings file; null (after a stderr line) when it cannot be written. */
function prepareSettings(command: string, options: LauncherOptions, version: ClaudeVersion | null, context: ClaudeLauncherContext): string | null {
  if (version !== null && lacksPermissionRequest(version)) {
    noteOnStderr(context.stderr, `Claude Code ${formatClaudeVersion(version)} has no PermissionRequest hook; surface approvals are disabled`);
  }
  const uid = context.uid ?? realUid();
  const directory = privateRuntimeDir(context.env, uid);
  if (!ensurePrivateDir(directory, uid)) {
    noteOnStderr(context.stderr, `unsafe runtime directory ${directory}`);
    return null;
  }
  try {
    return writeSettingsFile(directory, settingsObject(command, options.approvalTimeout, eventsFor(version)));
  } catch (error) {
    noteOnStderr(context.stderr, errorMessage(error));
    return null;
  }
}

/** The shared launcher environment, plus Claude Code's own title switched off while the launcher owns the title (§B.8.4). */
function childEnv(
  base: NodeJS.ProcessEnv,
  settings: { readonly leaseId: string; readonly socket: string; readonly label: string | null; readonly terminalTitle: boolean },
): NodeJS.ProcessEnv {
  const env = launcherChildEnv(base, settings);
  if (settings.terminalTitle) env['CLAUDE_CODE_DISABLE_TERMINAL_TITLE'] = '1';
  return env;
}
