import type { AgentState } from '../../domain/index.js';
import type { ClaudeHookInput } from './hook-input.js';

/**
 * Which pending approval waiters of the session an event retires before it
 * reports (agent-adapters.md §B.7.3): none, every one, or only those for the
 * same tool call (same tool name and input digest).
 */
export type WaiterCancellation = 'none' | 'session' | 'same_tool_call';

/** What one hook invocation does on the wire (§B.3). */
export type HookPlan =
  | { readonly kind: 'state'; readonly state: AgentState; readonly cancel: WaiterCancellation }
  | { readonly kind: 'approval' }
  /** AskUserQuestion: the pad may answer it (ask-user-question.ts). */
  | { readonly kind: 'question' }
  | { readonly kind: 'session_end' };

/** Tools whose own interactive UI a bare `allow` would swallow (§B.1.5): reported as a question, never approved from the pad. */
const QUESTION_TOOLS: ReadonlySet<string> = new Set(['ExitPlanMode']);

/** Notifications that mean Claude waits for the user at the terminal (`agent_needs_input`: e.g. auto mode asking what to do). */
const REPLY_NOTIFICATIONS: ReadonlySet<string> = new Set(['idle_prompt', 'elicitation_dialog', 'elicitation_url_dialog', 'agent_needs_input']);

/** The table of §B.3; null means the event changes nothing. */
export function planFor(input: ClaudeHookInput): HookPlan | null {
  switch (input.eventName) {
    case 'SessionStart':
      // A compaction can restart the session in the middle of a turn; "waiting for reply" would then be wrong.
      return input.source === 'compact' ? null : state('waiting_for_reply', 'session');
    case 'UserPromptSubmit':
      return state('running', 'session');
    case 'PermissionRequest':
      if (input.toolName === 'AskUserQuestion') return { kind: 'question' };
      return input.toolName !== null && QUESTION_TOOLS.has(input.toolName) ? state('waiting_for_reply', 'none') : { kind: 'approval' };
    case 'PostToolUse':
    case 'PostToolUseFailure':
    // Auto mode (or dontAsk) refused the call itself; Claude tells the model and goes on.
    case 'PermissionDenied':
      return state('running', 'same_tool_call');
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
  if (type === 'permission_prompt') return state('waiting_for_approval', 'none');
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
    case 'approval':
    case 'question':
      return 'none';
    case 'session_end':
      return 'session';
  }
}
