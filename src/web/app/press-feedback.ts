import { ACTION_WORDS } from '../../domain/plain-words.js';
import type { PressResultMessage } from './messages.js';
import type { ControlAction as ActionName } from '../../domain/control-action.js';

export type { ActionName };

/** What the feedback line under the pad says about the last press, and how it looks. */
export interface Feedback {
  readonly text: string;
  /**
   * `done`: a yes reached the agent (✓, green); `rejected`: a no reached it (✕, red); `sent`: a request
   * the agent still carries out (Stop, Retry; neutral); `info`: nothing to worry about; `warn`: nothing happened.
   */
  readonly tone: 'done' | 'rejected' | 'sent' | 'info' | 'warn';
}

/** How a delivered action reads: only Approve is a ✓; Reject is a ✕; Stop and Retry are requests, told without colour. */
const DELIVERED_TONE: Readonly<Record<ActionName, Feedback['tone']>> = { approve: 'done', reject: 'rejected', retry: 'sent', stop: 'sent' };

/** Past tense only where the press itself is the decision; Stop and Retry are requests the agent still carries out. */
const DELIVERED: Readonly<Record<ActionName, string>> = { approve: 'Approved', reject: 'Rejected', retry: 'Retry sent', stop: 'Stop sent' };

const sceneOf = (slot: number | null) => (slot === null ? 'no Scene' : `Scene ${slot + 1}`);

/** The words for one `press_result`. */
export function feedbackFor(result: PressResultMessage): Feedback {
  const press = result.press;
  const name = press === 'select' ? 'Select' : press === 'answer' ? 'Answer' : ACTION_WORDS[press];
  switch (result.outcome) {
    case 'delivered':
      return press === 'select' || press === 'answer'
        ? { text: `Sent · ${result.agent?.label ?? 'agent'}`, tone: 'done' }
        : { text: `${DELIVERED[press]} · ${result.agent?.label ?? 'agent'}`, tone: DELIVERED_TONE[press] };
    case 'answered':
      return { text: `Answered · ${result.agent?.label ?? 'agent'}`, tone: 'done' };
    case 'toggled':
      return { text: 'Choice changed; press Send when every answer you want is chosen.', tone: 'info' };
    case 'not_answered':
      if (result.reason === 'answered') return { text: 'That question already has its answer; the first one counts.', tone: 'info' };
      if (result.reason === 'none_chosen') return { text: 'Nothing sent: choose at least one answer first, then Send.', tone: 'info' };
      return { text: 'Answer: the question is no longer waiting (answered in the terminal, or timed out).', tone: 'warn' };
    case 'selected':
      return { text: `Selected · ${result.agent?.label ?? 'agent'} (now on ${sceneOf(result.agent?.slot ?? null)})`, tone: 'done' };
    case 'experience':
      return { text: `${name} went to the Demo`, tone: 'info' };
    case 'dropped':
      return { text: `${name} was not taken: the daemon is busy. Press again.`, tone: 'warn' };
    case 'not_selected':
      return result.reason === 'no_room'
        ? { text: 'No Scene is free: every Scene holds an agent waiting for approval. Answer one first.', tone: 'warn' }
        : { text: 'That agent has left.', tone: 'warn' };
    case 'refused':
      return refusal(name, result.reason);
  }
}

function refusal(name: string, reason: string | null): Feedback {
  switch (reason) {
    case 'no_selection':
      return { text: `${name}: nothing sent. Select an agent first (its Scene button).`, tone: 'warn' };
    case 'too_soon':
      return { text: `${name} was sent a moment ago; this press was ignored.`, tone: 'info' };
    case 'hold_required':
      return { text: 'Hold to approve: a destructive command needs Approve held down until the pad is filled. Nothing was sent.', tone: 'warn' };
    case 'not_delivered':
      return { text: `${name}: the agent stopped listening before it arrived.`, tone: 'warn' };
    default:
      return { text: `${name}: nothing was waiting for it.`, tone: 'info' };
  }
}

/** A press the page did not send, because the pad showed it would do nothing. */
export function unavailableFeedback(action: ActionName, selected: boolean): Feedback {
  return selected
    ? { text: `${ACTION_WORDS[action]}: nothing is waiting for it.`, tone: 'info' }
    : { text: `${ACTION_WORDS[action]}: nothing sent. Select an agent first (its Scene button).`, tone: 'warn' };
}

/** No `press_result` in time (or a daemon without the extension). */
export const NO_ANSWER: Feedback = { text: 'Sent; the daemon did not say what became of it.', tone: 'info' };
