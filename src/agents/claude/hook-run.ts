import type { PadLatticeClient } from '../../client/index.js';
import type { AgentState } from '../../domain/index.js';
import { hookTimeoutSeconds } from '../shared/hook-command.js';
import type { HookBodyOptions } from '../shared/hook-process.js';
import type { AgentReport } from './agent-report.js';
import { ASK_USER_QUESTION, questionCallInput } from './ask-user-question.js';
import { inputDigest } from './canonical-json.js';
import type { ClaudeHookInput } from './hook-input.js';
import { privateRuntimeDir, realUid } from './runtime-dir.js';
import { processAlive, WaiterRegistry, type WaiterMarker } from './waiter-registry.js';

/** How often a waiter looks for a canceller (§B.6 step 4 asks for at least every 200 ms). */
export const MARKER_POLL_MS = 50;

/** `env` is read for CLAUDE_PROJECT_DIR, PAD_LATTICE_LABEL, PAD_LATTICE_LEASE_ID and XDG_RUNTIME_DIR. */
export interface ClaudeHookOptions extends HookBodyOptions {
  readonly uid?: number;
  readonly pid?: number;
}

/** One hook invocation as its flows (approval, questions, forms, auto mode) see it. */
export interface HookRun {
  readonly input: ClaudeHookInput;
  readonly report: AgentReport;
  readonly client: PadLatticeClient;
  readonly options: ClaudeHookOptions;
}

/** Reports a state for the session; a report that could not be delivered is dropped. */
export function reportState(run: HookRun, state: AgentState): Promise<void> {
  const { report } = run;
  return quietly(run.client.reportState(state, { agent: report.identity, metadata: report.metadata, leaseId: report.leaseId }));
}

/** True once Claude Code called the hook off (SIGTERM: the user answered No, or pressed Esc, in the terminal). */
export function calledOff(run: HookRun): boolean {
  return run.options.stop?.aborted === true;
}

/**
 * The digest that identifies the hook's tool call across events: of the
 * input, except for AskUserQuestion, whose answers only its PostToolUse has.
 */
export function callDigest(input: ClaudeHookInput): string | null {
  return inputDigest(input.toolName === ASK_USER_QUESTION ? questionCallInput(input.toolInput) : input.toolInput);
}

export function openRegistry(options: ClaudeHookOptions): WaiterRegistry | null {
  const uid = options.uid ?? realUid();
  return WaiterRegistry.open(privateRuntimeDir(options.env, uid), uid);
}

/** The marker exists before anything reaches the daemon, so a canceller racing this start still retires us (§B.7.3). */
export function registerWaiter(run: HookRun, requestId: string, tool = run.input.toolName ?? ''): WaiterMarker | null {
  return (
    openRegistry(run.options)?.register(run.input.sessionId, requestId, {
      pid: run.options.pid ?? process.pid,
      tool,
      input_digest: callDigest(run.input),
      expires_at: Date.now() + hookTimeoutSeconds(true, run.options.approvalTimeoutSeconds) * 1000,
    }) ?? null
  );
}

export const REGISTRY_DEPS = {
  now: () => Date.now(),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  processAlive,
};

/** A step that could fail (a report, the registry) is dropped: the agent must not notice (§1.1). */
export async function quietly(operation: Promise<unknown>): Promise<void> {
  try {
    await operation;
  } catch {
    // Swallowed on purpose.
  }
}
