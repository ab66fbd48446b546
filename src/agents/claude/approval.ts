import { approvalDetailsOf } from '../shared/approval-details.js';
import { waitForSurfaceDecision } from '../shared/approval-waiter.js';
import { hex32 } from '../shared/hex32.js';
import { permissionDecisionLine } from '../shared/permission-decision.js';
import { calledOff, MARKER_POLL_MS, registerWaiter, reportState, type HookRun } from './hook-run.js';

/** A PermissionRequest for any tool but the reply tools (§B.6): waits for Approve or Reject on the pad. */
export async function approve(run: HookRun): Promise<void> {
  const { input, options } = run;
  const requestId = hex32();
  const marker = registerWaiter(run, requestId);
  await reportState(run, 'waiting_for_approval');
  let decision = null;
  try {
    decision = await waitForSurfaceDecision({
      socketPath: options.socketPath,
      identity: run.report.identity,
      requestId,
      timeoutMs: options.approvalTimeoutSeconds * 1000,
      details: approvalDetailsOf(input.toolName, input.toolInput),
      cancelled: () => calledOff(run) || (marker?.isCancelled() ?? false),
      pollMs: MARKER_POLL_MS,
    });
    // Claude Code calls the hook off when the user answered its dialog; no hook event tells which answer.
    // A "No" ends the turn and Claude waits for the user; after a "Yes" the tool's PostToolUse reports
    // `running`. Reported before the marker goes, so that PostToolUse (which waits for it) reports after us.
    if (decision === null && calledOff(run)) await reportState(run, 'waiting_for_reply');
  } finally {
    // Only after the subscription is closed: a canceller waits for the marker to vanish, then reports.
    // An approved call ends in its own PostToolUse, which must not retire an identical request still waiting.
    if (decision === 'approve') marker?.decided();
    else marker?.remove();
  }
  if (decision === null) return;
  await reportState(run, 'running');
  options.writeStdout(permissionDecisionLine(decision));
}
