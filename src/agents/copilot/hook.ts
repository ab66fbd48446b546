import { makeIdentity } from '../../domain/index.js';
import { approvalDetailsOf } from '../shared/approval-details.js';
import { waitForSurfaceDecision } from '../shared/approval-waiter.js';
import { hex32 } from '../shared/hex32.js';
import type { HookBodyOptions } from '../shared/hook-process.js';
import { endQuietly, hookReportOptions, isOnPadQuietly, reportQuietly } from '../shared/hook-report.js';
import { nonEmptyString } from '../shared/json-object.js';
import { endPlaceholder } from '../shared/placeholder.js';
import { permissionRequestLine } from './decision.js';
import { EVENT_ENV, GATE_ENV, planFor } from './hook-events.js';
import { parseCopilotHookInput, type CopilotHookInput } from './hook-input.js';

export const COPILOT_BACKEND = 'copilot';

/**
 * One Copilot CLI hook invocation: the state the event means, and for a
 * permissionRequest the pad's answer. Every daemon failure is swallowed; a
 * request the pad does not answer prints nothing, so Copilot shows its own
 * dialog as it would without Pad-Lattice (an error would deny the tool).
 *
 * Copilot does not wait for its sessionStart hook: on a loaded machine the
 * first prompt's hooks can reach the pad before it. So every hook that
 * reports the session ends the launcher's placeholder first (whichever comes
 * first takes over its Scene and the selection), and sessionStart reports
 * only a session the pad does not list yet (a later hook's state is newer).
 */
export async function runCopilotHook(stdin: Uint8Array, options: HookBodyOptions): Promise<void> {
  const input = parseCopilotHookInput(stdin, options.env[EVENT_ENV]);
  if (input === null) return;
  const plan = planFor(input.event, input.notificationType, options.env[GATE_ENV] === '1');
  if (plan === null) return;
  const report = reportOf(input, options.env);
  if (plan.kind !== 'session_end') await endPlaceholder(options.socketPath, COPILOT_BACKEND, options.env);
  switch (plan.kind) {
    case 'session_start':
      if (!(await isOnPadQuietly(options.socketPath, report.agent))) await reportQuietly(options.socketPath, 'waiting_for_reply', report);
      return;
    case 'state':
      await reportQuietly(options.socketPath, plan.state, report);
      return;
    case 'session_end':
      await endQuietly(options.socketPath, report.agent);
      return;
    case 'approval':
      await approveOnPad(input, options);
      return;
  }
}

async function approveOnPad(input: CopilotHookInput, options: HookBodyOptions): Promise<void> {
  const report = reportOf(input, options.env);
  await reportQuietly(options.socketPath, 'waiting_for_approval', report);
  const decision = await waitForSurfaceDecision({
    socketPath: options.socketPath,
    identity: report.agent,
    requestId: hex32(),
    timeoutMs: options.approvalTimeoutSeconds * 1000,
    details: approvalDetailsOf(input.toolName, input.toolInput),
    // A double Esc in Copilot ends the hook with SIGTERM: the request leaves the pad.
    cancelled: () => options.stop?.aborted === true,
  });
  if (options.stop?.aborted === true) {
    // Copilot cancelled the operation and waits for the user.
    await reportQuietly(options.socketPath, 'waiting_for_reply', report);
    return;
  }
  if (decision === null) return;
  await reportQuietly(options.socketPath, 'running', report);
  options.writeStdout(permissionRequestLine(decision));
}

function reportOf(input: CopilotHookInput, env: NodeJS.ProcessEnv) {
  // The hook runs in the plugin folder; the payload's cwd (or Copilot's project variable) is the project.
  const cwd = input.cwd ?? nonEmptyString(env['COPILOT_PROJECT_DIR']);
  return hookReportOptions(makeIdentity(COPILOT_BACKEND, input.sessionId), cwd, env);
}
