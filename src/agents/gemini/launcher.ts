import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '../../support/error-message.js';
import { ensurePrivateDir, privateRuntimeDir, realUid } from '../claude/runtime-dir.js';
import { hex32 } from '../shared/hex32.js';
import { leasedRunExtras, type HookLauncherContext } from '../shared/launcher-context.js';
import { isRecord } from '../shared/json-object.js';
import { planLaunch } from '../shared/launch-plan.js';
import { LAUNCHER_ENV, launcherChildEnv, leaseMetadata, runLeasedChild } from '../shared/leased-run.js';
import { LauncherUsageError, type LauncherOptions } from '../shared/launcher-options.js';
import { noteOnStderr } from '../shared/never-harm.js';
import { startsInDefaultMode } from './approval-mode.js';
import { GATE_ENV, sessionPolicyToml } from './gated-tools.js';
import { GeminiOverlay } from './overlay.js';
import { GeminiSettingsError, settingsWithHooks } from './settings.js';

export const ACP_CONFLICT = "--acp cannot be combined with pad-lattice gemini: Gemini runs no tool hooks in ACP mode; run 'gemini --acp' under an ACP client";

/** What the launcher takes from its process. */
export type GeminiLauncherContext = HookLauncherContext;

/**
 * `pad-lattice gemini [options] [--] [gemini args…]`: starts Gemini CLI with
 * Pad-Lattice hooks in a session-scoped Gemini home (overlay.ts) and, in the
 * default approval mode, a session policy that lets the pad approve shell
 * commands and edits (gated-tools.ts); holds the session lease while it
 * runs and keeps the terminal title. Returns Gemini's exit status, 2 for a
 * usage error, 1 when the launch itself fails.
 */
export async function runGeminiLauncher(args: readonly string[], context: GeminiLauncherContext): Promise<number> {
  const plan = planLaunch(args, 'gemini', context, (options) => {
    if (options.agentArgs.some((arg) => arg === '--acp' || arg === '--experimental-acp')) throw new LauncherUsageError(ACP_CONFLICT);
  });
  if (typeof plan === 'number') return plan;
  const { options, socket, hookCommand } = plan;
  const leaseId = hex32();
  const gate = startsInDefaultMode(options.agentArgs);
  const hookEnv: Record<string, string> = { [LAUNCHER_ENV.leaseId]: leaseId, [LAUNCHER_ENV.socket]: socket, [GATE_ENV]: gate ? '1' : '0' };
  if (options.label !== null) hookEnv[LAUNCHER_ENV.label] = options.label;
  const overlay = makeOverlay(context, options, hookCommand, hookEnv);
  if (overlay === null) return 1;
  try {
    const env = launcherChildEnv(context.env, { leaseId, socket, label: options.label });
    env['GEMINI_CLI_HOME'] = overlay.home;
    env[GATE_ENV] = hookEnv[GATE_ENV];
    return await runLeasedChild({
      socketPath: socket,
      leaseId,
      metadata: leaseMetadata(context.cwd, options.label),
      command: options.agentBin,
      executableOption: '--gemini',
      args: [...(gate ? policyArgs(overlay, options.agentArgs) : []), ...options.agentArgs],
      env,
      unavailableNote: 'daemon unavailable; Gemini CLI will start (approvals stay in the terminal) and the lease will retry',
      stderr: context.stderr,
      ...leasedRunExtras(context, options.terminalTitle),
    });
  } finally {
    const kept = overlay.close();
    if (kept.length > 0) noteOnStderr(context.stderr, `Gemini created ${kept.join(', ')} in the session's home; they could not be moved to ${overlay.userDir}`);
  }
}

/** The overlay with the hooks (and, when the launcher owns the title, Gemini's own title switched off); null after a stderr line. */
function makeOverlay(context: GeminiLauncherContext, options: LauncherOptions, hookCommand: string, hookEnv: Record<string, string>): GeminiOverlay | null {
  const uid = context.uid ?? realUid();
  const runtimeDir = privateRuntimeDir(context.env, uid);
  if (!ensurePrivateDir(runtimeDir, uid)) {
    noteOnStderr(context.stderr, `unsafe runtime directory ${runtimeDir}`);
    return null;
  }
  const userDir = GeminiOverlay.userDirOf(context.env);
  try {
    let settings = settingsWithHooks(GeminiOverlay.readUserSettings(userDir), hookCommand, options.approvalTimeout, hookEnv);
    if (options.terminalTitle) settings = { ...settings, ui: { ...(isRecord(settings['ui']) ? settings['ui'] : {}), hideWindowTitle: true } };
    const overlay = GeminiOverlay.create(runtimeDir, userDir, settings);
    writeFileSync(overlay.file(POLICY_FILE), sessionPolicyToml(), { mode: 0o600 });
    return overlay;
  } catch (error) {
    noteOnStderr(context.stderr, error instanceof GeminiSettingsError ? `Gemini settings: ${error.message}` : errorMessage(error));
    return null;
  }
}

const POLICY_FILE = 'pad-lattice-policy.toml';

/**
 * `--policy` replaces the user's own policy folder, so it is named again
 * (through the overlay's link to it) unless the user gives --policy themselves.
 */
function policyArgs(overlay: GeminiOverlay, geminiArgs: readonly string[]): string[] {
  const userPolicies = geminiArgs.some((arg) => arg === '--policy' || arg.startsWith('--policy=')) ? [] : existingPolicyFolder(overlay);
  return [...userPolicies.flatMap((path) => ['--policy', path]), '--policy', overlay.file(POLICY_FILE)];
}

function existingPolicyFolder(overlay: GeminiOverlay): string[] {
  const linked = join(overlay.home, '.gemini', 'policies');
  return existsSync(linked) ? [linked] : [];
}
