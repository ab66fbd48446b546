import { makeIdentity } from '../../domain/index.js';
import { approvalDetailsOf } from '../shared/approval-details.js';
import { waitForSurfaceDecision } from '../shared/approval-waiter.js';
import { hex32 } from '../shared/hex32.js';
import { hookTimeoutSeconds } from '../shared/hook-command.js';
import type { HookBodyOptions } from '../shared/hook-process.js';
import { endQuietly, hookReportOptions, reportQuietly } from '../shared/hook-report.js';
import { nonEmptyString } from '../shared/json-object.js';
import { ASK_LINE, DENY_LINE, PROCEED_LINE } from './decision.js';
import { planFor } from './event-plan.js';
import { gateIsOn } from './gated-tools.js';
import { parseGeminiHookInput, type GeminiHookInput } from './hook-input.js';
import { registerWaiter, retireWaiters } from './waiters.js';

export const GEMINI_BACKEND = 'gemini';

/** How often a waiting hook looks whether a later hook retired it. */
const RETIRE_POLL_MS = 50;

export interface GeminiHookOptions extends HookBodyOptions {
  /** The real user id, for the waiter registry (tests pass their own). */
  readonly uid?: number;
}

/**
 * One Gemini CLI hook invocation: the state the event means, and for a
 * BeforeTool of a gated tool the pad's answer. Daemon failures are
 * swallowed; a BeforeTool the pad does not answer prints "ask", so Gemini's
 * own confirmation decides, never the session policy alone.
 */
export async function runGeminiHook(stdin: Uint8Array, options: GeminiHookOptions): Promise<void> {
  const input = parseGeminiHookInput(stdin);
  if (input === null) return;
  const plan = planFor(input, gateIsOn(options.env));
  if (plan === null) return;
  const place = { env: options.env, ...(options.uid === undefined ? {} : { uid: options.uid }) };
  if (plan.kind !== 'approval' && (plan.kind === 'session_end' || plan.retire)) await retireWaiters(place, input.sessionId).catch(() => undefined);
  const report = reportOf(input, options.env);
  switch (plan.kind) {
    case 'state':
      await reportQuietly(options.socketPath, plan.state, report);
      return;
    case 'session_end':
      await endQuietly(options.socketPath, report.agent);
      return;
    case 'approval':
      options.writeStdout(await approveOnPad(input, options, place));
      return;
  }
}

async function approveOnPad(input: GeminiHookInput, options: GeminiHookOptions, place: { env: NodeJS.ProcessEnv; uid?: number }): Promise<string> {
  const report = reportOf(input, options.env);
  const requestId = hex32();
  const expiresAt = Date.now() + hookTimeoutSeconds(true, options.approvalTimeoutSeconds) * 1000;
  const marker = registerWaiter(place, input.sessionId, requestId, input.toolName ?? '', expiresAt);
  let decision;
  try {
    await reportQuietly(options.socketPath, 'waiting_for_approval', report);
    decision = await waitForSurfaceDecision({
      socketPath: options.socketPath,
      identity: report.agent,
      requestId,
      timeoutMs: options.approvalTimeoutSeconds * 1000,
      details: approvalDetailsOf(input.toolName, input.toolInput),
      cancelled: () => options.stop?.aborted === true || (marker?.isCancelled() ?? false),
      pollMs: RETIRE_POLL_MS,
    });
  } finally {
    marker?.remove();
  }
  if (decision === null) return ASK_LINE;
  await reportQuietly(options.socketPath, 'running', report);
  return decision === 'approve' ? PROCEED_LINE : DENY_LINE;
}

function reportOf(input: GeminiHookInput, env: NodeJS.ProcessEnv) {
  // The project folder stays put when the model changes directories.
  const cwd = nonEmptyString(env['GEMINI_PROJECT_DIR']) ?? input.cwd;
  return hookReportOptions(makeIdentity(GEMINI_BACKEND, input.sessionId), cwd, env);
}
