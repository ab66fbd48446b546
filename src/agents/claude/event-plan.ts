import type { AgentState } from '../../domain/index.js';
import { ASK_USER_QUESTION } from './ask-user-question.js';
import type { ClaudeHookInput } from './hook-input.js';

/**
 * Which pending waiters of the session an event retires before it reports
 * (agent-adapters.md §B.7.3): none, every one, or only one for the same
 * tool call (same tool name and input digest).
 */
export type WaiterCancellation = 'none' | 'session' | 'same_tool_call';

/** What one hook invocation does on the wire (§B.3, and the extensions below). */
export type HookPlan =
  | { readonly kind: 'state'; readonly state: AgentState; readonly cancel: WaiterCancellation }
  | { readonly kind: 'approval' }
  /** AskUserQuestion's PermissionRequest: the pad may answer while Claude Code's own picker is up. */
  | { readonly kind: 'question' }
  /** AskUserQuestion's PreToolUse: the pad answers before Claude Code shows anything (pre-tool-use.ts). */
  | { readonly kind: 'pre_question' }
  /** Any other tool's PreToolUse: auto mode may have to ask so that the pad can decide (auto-mode.ts). */
  | { readonly kind: 'pre_tool_use' }
  /** An MCP server's form (elicitation.ts). */
  | { readonly kind: 'elicitation' }
  /** Auto mode's classifier refused a call: `running` again, and a short notice on the pad. */
  | { readonly kind: 'denied' }
  /** "Claude needs your permission": an approval's, or a question's (which changes nothing). */
  | { readonly kind: 'permission_prompt' }
  | { readonly kind: 'session_end' };

/** Tools whose own interactive UI a bare `allow` would swallow (§B.1.5): reported as a question, never approved from the pad. */
export const REPLY_TOOLS: ReadonlySet<string> = new Set([ASK_USER_QUESTION, 'ExitPlanMode']);

/** Notifications that mean Claude waits for the user at the terminal (`agent_needs_input`: e.g. auto mode asking what to do). */
const REPLY_NOTIFICATIONS: ReadonlySet<string> = new Set(['idle_prompt', 'elicitation_dialog', 'elicitation_url_dialog', 'agent_needs_input']);

/** The table of §B.3 with our extensions; null means the event changes nothing. */
export function planFor(input: ClaudeHookInput): HookPlan | null {
  switch (input.eventName) {
    case 'SessionStart':
      // A compaction can restart the session in the middle of a turn; "waiting for reply" would then be wrong.
      return input.source === 'compact' ? null : state('waiting_for_reply', 'session');
    case 'UserPromptSubmit':
      return state('running', 'session');
    case 'PreToolUse':
      return input.toolName === ASK_USER_QUESTION ? { kind: 'pre_question' } : { kind: 'pre_tool_use' };
    case 'PermissionRequest':
      if (input.toolName === ASK_USER_QUESTION) return { kind: 'question' };
      return input.toolName !== null && REPLY_TOOLS.has(input.toolName) ? state('waiting_for_reply', 'none') : { kind: 'approval' };
    case 'PostToolUse':
    case 'PostToolUseFailure':
      return state('running', 'same_tool_call');
    case 'PermissionDenied':
      return { kind: 'denied' };
    case 'Elicitation':
      return { kind: 'elicitation' };
    case 'Notification':
      return notificationPlan(input.notificationType);
    case 'Stop':
      return state('success', 'session');
    case 'StopFailure':
      return state('error', 'session');
    case 'SessionEnd':
      return { kind: 'session_end' };
    default:
      return null;
  }
}

function notificationPlan(type: string | null): HookPlan | null {
  if (type === 'permission_prompt') return { kind: 'permission_prompt' };
  if (type === null || !REPLY_NOTIFICATIONS.has(type)) return null;
  // Only the idle prompt proves the turn is over (an Esc-interrupted turn fires no Stop); the dialogs do not.
  return state('waiting_for_reply', type === 'idle_prompt' ? 'session' : 'none');
}

function state(value: AgentState, cancel: WaiterCancellation): HookPlan {
  return { kind: 'state', state: value, cancel };
}

/** The cancellation an event runs before it sends anything. */
export function cancellationOf(plan: HookPlan): WaiterCancellation {
  switch (plan.kind) {
    case 'state':
      return plan.cancel;
    case 'denied':
      return 'same_tool_call';
    case 'session_end':
      return 'session';
    default:
      return 'none';
  }
}
