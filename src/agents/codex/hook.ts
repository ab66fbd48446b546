import { PadLatticeClient, type ReportStateOptions } from '../../client/index.js';
import { makeIdentity, type AgentState } from '../../domain/index.js';
import { waitForSurfaceDecision } from '../shared/approval-waiter.js';
import { approvalDetailsOf } from '../shared/approval-details.js';
import { hex32 } from '../shared/hex32.js';
import { LAUNCHER_ENV } from '../shared/launcher-env.js';
import type { HookBodyOptions } from '../shared/hook-process.js';
import { NOTHING, withoutHarm } from '../shared/never-harm.js';
import { permissionDecisionLine } from '../shared/permission-decision.js';
import { sessionTitle, writeTitle, type TitleSink } from '../shared/terminal-title.js';
import { parseCodexHookInput, type CodexHookInput } from './hook-input.js';
import { stateForEvent } from './hook-events.js';

/** Bound of one state report, connect to finish (agent-adapters.md §1.3: the reference's 2 s steps). */
const REPORT_TIMEOUT_MS = 2_000;

/** `env` is read for PAD_LATTICE_LABEL, PAD_LATTICE_LEASE_ID and PAD_LATTICE_TERMINAL_TITLE. */
export interface CodexHookOptions extends HookBodyOptions {
  /** Where titles go when the launcher asked for them. */
  readonly titleSink: TitleSink;
}

/**
 * One Codex hook invocation (agent-adapters.md §A.4, body steps 1–8), given
 * the bytes read on stdin. Every daemon failure is swallowed here: the
 * worst outcome is that the surface shows nothing and Codex asks at the
 * keyboard as it would without Pad-Lattice.
 */
export async function runCodexHook(stdin: Uint8Array, options: CodexHookOptions): Promise<void> {
  const input = parseCodexHookInput(stdin);
  if (input === null) return;
  const report = reportOptions(input, options.env);
  const wantsTitle = options.env['PAD_LATTICE_TERMINAL_TITLE'] === '1';
  if (input.event === 'SessionStart') await endPlaceholder(options);
  await reportState(stateForEvent(input.event), report, options, wantsTitle);
  if (input.event !== 'PermissionRequest') return;
  const decision = await waitForSurfaceDecision({
    socketPath: options.socketPath,
    identity: input.identity,
    requestId: hex32(),
    timeoutMs: options.approvalTimeoutSeconds * 1000,
    details: approvalDetailsOf(input.toolName, input.toolInput),
  });
  if (decision === null) return;
  // Never asks for a reply, so the title stays as the step-6 report left it (§A.6).
  await reportState('running', report, options, false);
  options.writeStdout(permissionDecisionLine(decision));
}

/**
 * Ends the launcher's placeholder session (placeholder.ts) before the real
 * identity is reported with the lease id, so the real session takes over its
 * Scene. The send returns once the daemon has read the line; ending an
 * identity that is already gone changes nothing.
 */
async function endPlaceholder(options: CodexHookOptions): Promise<void> {
  const sessionId = options.env[LAUNCHER_ENV.placeholder];
  if (sessionId === undefined || sessionId === '') return;
  const client = new PadLatticeClient({ socketPath: options.socketPath, timeoutMs: REPORT_TIMEOUT_MS });
  await withoutHarm(() => client.endSession(makeIdentity('codex', sessionId)), REPORT_TIMEOUT_MS);
}

/** The agent object (identity + cwd, model, label) and lease id every state of this invocation carries (§A.4 steps 4–5). */
function reportOptions(input: CodexHookInput, env: NodeJS.ProcessEnv): ReportStateOptions {
  const metadata: Record<string, string> = {};
  if (input.cwd !== null) metadata['cwd'] = input.cwd;
  if (input.model !== null) metadata['model'] = input.model;
  const label = env['PAD_LATTICE_LABEL'];
  if (label !== undefined && label !== '') metadata['label'] = label;
  const leaseId = env['PAD_LATTICE_LEASE_ID'];
  return { agent: input.identity, metadata, leaseId: leaseId !== undefined && leaseId !== '' ? leaseId : null };
}

/**
 * Sends the state; with `withTitle`, as a request whose `state_ack` sets the
 * terminal title (§A.6). Failures of any kind — no daemon, an `error` reply,
 * a malformed or late answer — only mean no state and no title.
 */
async function reportState(state: AgentState, report: ReportStateOptions, options: CodexHookOptions, withTitle: boolean): Promise<void> {
  const client = new PadLatticeClient({ socketPath: options.socketPath, timeoutMs: REPORT_TIMEOUT_MS });
  const session = await withoutHarm(() => client.reportState(state, { ...report, reply: withTitle }), REPORT_TIMEOUT_MS);
  if (!withTitle || session === NOTHING || session === null) return;
  const title = sessionTitle(session);
  if (title !== null) writeTitle(options.titleSink, title);
}
