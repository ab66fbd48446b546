import type { AgentState } from './agent-state.js';
import type { ControlAction } from './control-action.js';
import type { ApprovalTier } from './prompt.js';

/*
 * The words a person reads for each protocol word: one table per vocabulary,
 * kept here so every surface that writes sentences (the browser pad, a CLI
 * legend) says the same thing. The protocol words themselves stay for
 * machines (--json, the wire) and for tooltips.
 */

/** Each agent state as a person says it; lowercased, it is also what a screen reader hears. */
export const STATE_WORDS: Readonly<Record<AgentState, string>> = Object.freeze({
  running: 'Running',
  waiting_for_reply: 'Waiting for reply',
  user_typing: 'Typing',
  waiting_for_approval: 'Waiting for approval',
  success: 'Done',
  error: 'Error',
  cancelled: 'Cancelled',
});

/** What a press of each action is called on a button. */
export const ACTION_WORDS: Readonly<Record<ControlAction, string>> = Object.freeze({
  approve: 'Approve',
  reject: 'Reject',
  stop: 'Stop',
  retry: 'Retry',
});

/** How much an approval can change, as its chip reads. */
export const APPROVAL_TIER_WORDS: Readonly<Record<ApprovalTier, string>> = Object.freeze({
  read_only: 'Read-only',
  edit: 'Edits files',
  network: 'Network',
  destructive: 'Destructive',
});
