import type { ApprovalTier } from '../../domain/index.js';
import { classifyToolCall, redactSecrets, subjectOf } from '../../requests/index.js';
import type { ClaudeHookInput } from './hook-input.js';
import { quietly, reportState, type HookRun } from './hook-run.js';

/*
 * Auto mode keeps the pad. In auto mode Claude Code's classifier answers
 * permission requests itself, so a PermissionRequest hook (the pad) almost
 * never runs. For the calls whose tier is in AUTO_MODE_PAD_TIERS, the
 * PreToolUse hook answers `ask`: Claude Code then asks as in default mode
 * (since 2.1.211 a hook's `ask` is a floor auto mode cannot lower), and the
 * PermissionRequest hook puts the request on the pad. Every other call
 * stays with the classifier. Without a daemon the hook prints nothing
 * (hook-process.ts), so auto mode is untouched.
 */

/** The tiers Pad-Lattice asks about in auto mode; Claude Code's other modes ask what they ask. */
export const AUTO_MODE_PAD_TIERS: readonly ApprovalTier[] = ['network', 'destructive'];

/** The PreToolUse output that makes auto mode ask about this call, or null to leave it to the classifier. */
export function autoModeAskLine(input: ClaudeHookInput): string | null {
  if (input.permissionMode !== 'auto' || input.toolName === null) return null;
  const tier = classifyToolCall(input.toolName, subjectOf(input.toolInput));
  if (!AUTO_MODE_PAD_TIERS.includes(tier)) return null;
  const permissionDecisionReason = `Pad-Lattice asks about ${tier} commands in auto mode: answer here or on the pad`;
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason } })}\n`;
}

/**
 * PermissionDenied (only auto mode's classifier refusing a call fires it):
 * Claude tells the model and goes on, so the session is `running`; the pad
 * shows the refusal for a few seconds as a notice.
 */
export async function reportDenied(run: HookRun): Promise<void> {
  await reportState(run, 'running');
  const subject = redactSecrets(subjectOf(run.input.toolInput));
  const reason = run.input.reason === null ? '' : ` · ${redactSecrets(run.input.reason)}`;
  await quietly(run.client.notice({ agent: run.report.identity, notice: 'denied', tool: run.input.toolName ?? '', detail: `${subject}${reason}` }));
}
