import { PadLatticeClient } from '../../client/index.js';
import { agentReportFor } from './agent-report.js';
import { approve } from './approval.js';
import { autoModeAskLine, reportDenied } from './auto-mode.js';
import { fillFormOnPad } from './elicitation.js';
import { cancellationOf, planFor, type WaiterCancellation } from './event-plan.js';
import { parseHookInput, type ClaudeHookInput } from './hook-input.js';
import { callDigest, openRegistry, quietly, REGISTRY_DEPS, reportState, type ClaudeHookOptions, type HookRun } from './hook-run.js';
import { onPermissionPrompt } from './permission-prompt.js';
import { askBeforeTheTool, askBesideThePicker } from './questions.js';
import type { WaiterSelection } from './waiter-registry.js';

export type { ClaudeHookOptions } from './hook-run.js';

/** Bound of each connect/write step of a fire-and-forget report (agent-adapters.md §1.3). */
const SEND_TIMEOUT_MS = 2_000;

/**
 * One Claude Code hook invocation (agent-adapters.md §B.5 steps 3–9), given
 * the bytes it read on stdin. Daemon failures of every kind are swallowed
 * here; the caller still guards against the unexpected (§1.1).
 */
export async function runClaudeHook(stdin: Uint8Array, options: ClaudeHookOptions): Promise<void> {
  const input = parseHookInput(stdin);
  if (input === null) return;
  const plan = planFor(input);
  if (plan === null) return;
  if (plan.kind === 'pre_tool_use') {
    // Decided from the input alone: no daemon round trip on every tool call.
    const ask = autoModeAskLine(input);
    if (ask !== null) options.writeStdout(ask);
    return;
  }
  const run: HookRun = {
    input,
    report: agentReportFor(input, options.env),
    client: new PadLatticeClient({ socketPath: options.socketPath, timeoutMs: SEND_TIMEOUT_MS }),
    options,
  };
  const cancellation = cancellationOf(plan);
  // A registry that misbehaves costs the superseding, never the report.
  if (cancellation !== 'none') await quietly(retireWaiters(input, cancellation, options));
  switch (plan.kind) {
    case 'state':
      return reportState(run, plan.state);
    case 'session_end':
      return quietly(run.client.endSession(run.report.identity));
    case 'approval':
      noteAsk(run);
      return approve(run);
    case 'question':
      noteAsk(run);
      return askBesideThePicker(run);
    case 'pre_question':
      return askBeforeTheTool(run);
    case 'elicitation':
      return fillFormOnPad(run);
    case 'denied':
      return reportDenied(run);
    case 'permission_prompt':
      return onPermissionPrompt(run);
  }
}

/** What the session asked last, for a later notification that does not say (permission-prompt.ts). */
function noteAsk(run: HookRun): void {
  openRegistry(run.options)?.noteAsk(run.input.sessionId, run.input.toolName ?? '');
}

async function retireWaiters(input: ClaudeHookInput, cancellation: Exclude<WaiterCancellation, 'none'>, options: ClaudeHookOptions): Promise<void> {
  const registry = openRegistry(options);
  if (registry === null) return;
  const selection: WaiterSelection =
    cancellation === 'session' ? { kind: 'all' } : { kind: 'tool_call', tool: input.toolName ?? '', inputDigest: callDigest(input) };
  await registry.cancel(input.sessionId, selection, REGISTRY_DEPS);
}
