import type { ControlAction } from '../../domain/index.js';
import { subjectOf } from '../../requests/index.js';
import { approvalDetailsOf } from '../shared/approval-details.js';
import type { PermissionRequestView, ToolCallView } from './messages.js';
import type { PermissionOptionKind, ToolKind } from './protocol.js';

/** The options a pad press may pick: one answer for this call only, never one the agent remembers (`*_always`). */
const APPROVE_KIND: PermissionOptionKind = 'allow_once';
const REJECT_KIND: PermissionOptionKind = 'reject_once';
const EXECUTE: ToolKind = 'execute';

/** The option ids Approve and Reject stand for in one request (null: that press is not offered). */
export interface PadChoices {
  readonly approve: string | null;
  readonly reject: string | null;
  readonly actions: readonly ControlAction[];
}

/**
 * What the pad may answer: matched by the options' kind, since every agent
 * names its ids differently (`proceed_once`, `allow_once`, `once` …). Null
 * when the request offers neither: the editor alone answers it.
 */
export function padChoicesOf(request: PermissionRequestView): PadChoices | null {
  const approve = request.options.find((option) => option.kind === APPROVE_KIND)?.optionId ?? null;
  const reject = request.options.find((option) => option.kind === REJECT_KIND)?.optionId ?? null;
  const actions: ControlAction[] = [];
  if (approve !== null) actions.push('approve');
  if (reject !== null) actions.push('reject');
  return actions.length === 0 ? null : { approve, reject, actions };
}

/**
 * What the call is, for the pad's approval details (redacted here, tiered
 * by the daemon): its ACP kind as the tool, and as the detail the command
 * (`rawInput`), else the file or URL it acts on, else its title — which
 * for some agents (Gemini CLI) is the command itself.
 */
export function toolCallDetails(toolCall: ToolCallView): { readonly tool: string; readonly detail: string } | undefined {
  const kind = toolCall.kind ?? 'other';
  const subject = subjectOf(toolCall.rawInput) || (kind === EXECUTE ? '' : (toolCall.locations?.[0]?.path ?? '')) || (toolCall.title ?? '');
  return approvalDetailsOf(kind, { command: subject });
}
