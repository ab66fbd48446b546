import { errorMessage } from '../../support/error-message.js';
import { ensurePrivateDir, privateRuntimeDir, realUid } from '../claude/runtime-dir.js';
import { hex32 } from '../shared/hex32.js';
import { leasedRunExtras, type HookLauncherContext } from '../shared/launcher-context.js';
import { planLaunch } from '../shared/launch-plan.js';
import { LAUNCHER_ENV, launcherChildEnv, leaseMetadata, runLeasedChild } from '../shared/leased-run.js';
import { LauncherUsageError } from '../shared/launcher-options.js';
import { noteOnStderr } from '../shared/never-harm.js';
import { placeholderIdentity } from '../shared/placeholder.js';
import { COPILOT_BACKEND } from './hook.js';
import { GATE_ENV } from './hook-events.js';
import { removePlugin, writePlugin } from './plugin.js';

export const ACP_CONFLICT = "--acp cannot be combined with pad-lattice copilot: run 'copilot --acp' under an ACP client";

/** Copilot options that allow every tool without asking: the pad then only shows the state. */
const ALLOW_ALL = new Set(['--allow-all-tools', '--allow-all', '--yolo']);

/** What the launcher takes from its process. */
export type CopilotLauncherContext = HookLauncherContext;

/**
 * `pad-lattice copilot [options] [--] [copilot args…]`: starts Copilot CLI
 * with a session-scoped plugin of Pad-Lattice hooks (plugin.ts) and holds
 * the session lease while it runs, naming a placeholder session until
 * Copilot reports its own with the first prompt. Returns Copilot's exit
 * status, 2 for a usage error, 1 when the launch itself fails.
 */
export async function runCopilotLauncher(args: readonly string[], context: CopilotLauncherContext): Promise<number> {
  const plan = planLaunch(args, 'copilot', context, (options) => {
    if (options.agentArgs.includes('--acp')) throw new LauncherUsageError(ACP_CONFLICT);
  });
  if (typeof plan === 'number') return plan;
  const { options, socket, hookCommand } = plan;
  const uid = context.uid ?? realUid();
  const runtimeDir = privateRuntimeDir(context.env, uid);
  if (!ensurePrivateDir(runtimeDir, uid)) {
    noteOnStderr(context.stderr, `unsafe runtime directory ${runtimeDir}`);
    return 1;
  }
  let pluginDir: string;
  try {
    pluginDir = writePlugin(runtimeDir, hookCommand, options.approvalTimeout);
  } catch (error) {
    noteOnStderr(context.stderr, `cannot write the session's Copilot plugin: ${errorMessage(error)}`);
    return 1;
  }
  const leaseId = hex32();
  const placeholder = placeholderIdentity(COPILOT_BACKEND, leaseId);
  const env = launcherChildEnv(context.env, { leaseId, socket, label: options.label });
  env[LAUNCHER_ENV.placeholder] = placeholder.sessionId;
  env[GATE_ENV] = options.agentArgs.some((arg) => ALLOW_ALL.has(arg)) ? '0' : '1';
  // Copilot titles the terminal itself ("GitHub Copilot") unless told not to.
  if (options.terminalTitle) env['COPILOT_DISABLE_TERMINAL_TITLE'] = '1';
  try {
    return await runLeasedChild({
      socketPath: socket,
      leaseId,
      metadata: leaseMetadata(context.cwd, options.label),
      agent: placeholder,
      command: options.agentBin,
      executableOption: '--copilot',
      args: ['--plugin-dir', pluginDir, ...options.agentArgs],
      env,
      unavailableNote: 'daemon unavailable; Copilot CLI will start (approvals stay in the terminal) and the lease will retry',
      stderr: context.stderr,
      ...leasedRunExtras(context, options.terminalTitle),
    });
  } finally {
    removePlugin(pluginDir);
  }
}
