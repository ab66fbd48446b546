import { PadLatticeClient } from '../../client/index.js';
import { agentReportFor, type AgentReport } from './agent-report.js';
import { hookTimeoutSeconds } from '../shared/hook-command.js';
import type { HookBodyOptions } from '../shared/hook-process.js';
import { hex32 } from '../shared/hex32.js';
import { waitForSurfaceDecision } from '../shared/approval-waiter.js';
import { approvalDetailsOf } from '../shared/approval-details.js';
import { waitForPadAnswers } from '../shared/question-waiter.js';
import { answersDecisionLine, padQuestionsOf } from './ask-user-question.js';
import { permissionDecisionLine } from '../shared/permission-decision.js';
import { inputDigest } from './canonical-json.js';
import { cancellationOf, planFor, type WaiterCancellation } from './event-plan.js';
import { parseHookInput, type ClaudeHookInput } from './hook-input.js';
import { privateRuntimeDir, realUid } from './runtime-dir.js';
import { WaiterRegistry, processAlive, type WaiterSelection } from './waiter-registry.js';

/** How often a waiter looks for a canceller (§B.6 step 4 asks for at least every 200 ms). */
const MARKER_POLL_MS = 50;

/** Bound of each connect/write step of a fire-and-forget report (agent-adapters.md §1.3). */
const SEND_TIMEOUT_MS = 2_000;

/** `env` is read for CLAUDE_PROJECT_DIR, PAD_LATTICE_LABEL, PAD_LATTICE_LEASE_ID and XDG_RUNTIME_DIR. */
export interface ClaudeHookOptions extends HookBodyOptions {
  readonly uid?: number;
  readonly pid?: number;
}

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
  const report = agentReportFor(input, options.env);
  const client = new PadLatticeClient({ socketPath: options.socketPath, timeoutMs: SEND_TIMEOUT_MS });
  const cancellation = cancellationOf(plan);
  // A registry that misbehaves costs the superseding, never the report.
  if (cancellation !== 'none') await quietly(retireWaiters(input, cancellation, options));
  switch (plan.kind) {
    case 'state':
      await quietly(client.reportState(plan.state, stateOptions(report)));
      return;
    case 'session_end':
      await quietly(client.endSession(report.identity));
      return;
    case 'approval':
      await approve(input, report, client, options);
      return;
    case 'question':
      await askOnPad(input, report, client, options);
      return;
  }
}

/** The marker exists before anything reaches the daemon, so a canceller racing this start still retires us (§B.7.3). */
function registerWaiter(input: ClaudeHookInput, requestId: string, options: ClaudeHookOptions) {
  return (
    openRegistry(options)?.register(input.sessionId, requestId, {
      pid: options.pid ?? process.pid,
      tool: input.toolName ?? '',
      input_digest: inputDigest(input.toolInput),
      expires_at: Date.now() + hookTimeoutSeconds(true, options.approvalTimeoutSeconds) * 1000,
    }) ?? null
  );
}

/**
 * AskUserQuestion (a Pad-Lattice extension): the agent waits for a reply;
 * its questions go on the pad, and once the pad answered each of them the
 * hook allows the tool with those answers. The terminal dialog stays usable
 * meanwhile and the first answer wins: answering there calls the hook off.
 * A question the pad cannot show (over 8 options), a daemon without the
 * extension or no answer in time leave it to the terminal.
 */
async function askOnPad(input: ClaudeHookInput, report: AgentReport, client: PadLatticeClient, options: ClaudeHookOptions): Promise<void> {
  await quietly(client.reportState('waiting_for_reply', stateOptions(report)));
  const questions = padQuestionsOf(input.toolInput);
  if (questions === null) return;
  const requestId = hex32();
  const marker = registerWaiter(input, requestId, options);
  let chosen;
  try {
    chosen = await waitForPadAnswers({
      socketPath: options.socketPath,
      identity: report.identity,
      requestId,
      questions,
      timeoutMs: options.approvalTimeoutSeconds * 1000,
      cancelled: () => options.stop?.aborted === true || (marker?.isCancelled() ?? false),
      pollMs: MARKER_POLL_MS,
    });
  } finally {
    marker?.remove();
  }
  if (chosen === null) return;
  await quietly(client.reportState('running', stateOptions(report)));
  options.writeStdout(answersDecisionLine(input.toolInput as Record<string, unknown>, questions, chosen));
}

async function approve(input: ClaudeHookInput, report: AgentReport, client: PadLatticeClient, options: ClaudeHookOptions): Promise<void> {
  const requestId = hex32();
  const timeoutSeconds = options.approvalTimeoutSeconds;
  const marker = registerWaiter(input, requestId, options);
  await quietly(client.reportState('waiting_for_approval', stateOptions(report)));
  const answeredInTerminal = () => options.stop?.aborted === true;
  let decision;
  try {
    decision = await waitForSurfaceDecision({
      socketPath: options.socketPath,
      identity: report.identity,
      requestId,
      timeoutMs: timeoutSeconds * 1000,
      details: approvalDetailsOf(input.toolName, input.toolInput),
      cancelled: () => answeredInTerminal() || (marker?.isCancelled() ?? false),
      pollMs: MARKER_POLL_MS,
    });
    // Claude Code calls the hook off when the user answered its dialog; no hook event tells which answer.
    // A "No" ends the turn and Claude waits for the user; after a "Yes" the tool's PostToolUse reports
    // `running`. Reported before the marker goes, so that PostToolUse (which waits for it) reports after us.
    if (decision === null && answeredInTerminal()) await quietly(client.reportState('waiting_for_reply', stateOptions(report)));
  } finally {
    // Only after the subscription is closed: a canceller waits for the marker to vanish, then reports.
    marker?.remove();
  }
  if (decision === null) return;
  await quietly(client.reportState('running', stateOptions(report)));
  options.writeStdout(permissionDecisionLine(decision));
}

async function retireWaiters(input: ClaudeHookInput, cancellation: Exclude<WaiterCancellation, 'none'>, options: ClaudeHookOptions): Promise<void> {
  const registry = openRegistry(options);
  if (registry === null) return;
  const selection: WaiterSelection =
    cancellation === 'session' ? { kind: 'all' } : { kind: 'tool_call', tool: input.toolName ?? '', inputDigest: inputDigest(input.toolInput) };
  await registry.cancel(input.sessionId, selection, {
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    processAlive,
  });
}

function openRegistry(options: ClaudeHookOptions): WaiterRegistry | null {
  const uid = options.uid ?? realUid();
  return WaiterRegistry.open(privateRuntimeDir(options.env, uid), uid);
}

function stateOptions(report: AgentReport) {
  return { agent: report.identity, metadata: report.metadata, leaseId: report.leaseId };
}

/** A report that could not be delivered is dropped: the agent must not notice (§1.1). */
async function quietly(operation: Promise<unknown>): Promise<void> {
  try {
    await operation;
  } catch {
    // Swallowed on purpose.
  }
}
