import type { ControlAction } from './control-action.js';

/** The agent a press reached or selected, as a surface may name it to its user. */
export interface PressTarget {
  /** Its Agent Scene, or null while it has none (overflow). */
  readonly slot: number | null;
  readonly label: string;
  readonly accent: string | null;
}

/** Why an action press reached nobody, in the order the control plane checks (control-plane.md §12.3). */
export type PressRefusal =
  /** No agent is selected. */
  | 'no_selection'
  /** The selected agent's state or its subscribers do not offer the action (it was dark). */
  | 'nothing_waiting'
  /** The same action reached the same agent a moment ago (debounce). */
  | 'too_soon'
  /** Approving a destructive command takes a hold (Approve held down until its fill is full); this press was let go sooner. */
  | 'hold_required'
  /** The recipient's connection closed before the action could be written, or its remote host's link has stalled. */
  | 'not_delivered';

/** Why selecting an agent without a Scene did not happen. */
export type SelectionRefusal =
  /** No such agent any more. */
  | 'gone'
  /** Every Scene holds an agent waiting for approval, which may not be displaced. */
  | 'no_room';

/** Why an option press answered nothing. */
export type AnswerRefusal =
  /** The question request is gone (answered in the terminal, timed out, its agent ended). */
  | 'gone'
  /** That question already has its answer: the first one wins. */
  | 'answered'
  /** The question has no such option. */
  | 'no_option'
  /** Send on a multi-select question with no option toggled on. */
  | 'none_chosen'
  /** The asking connection closed before the answer could be written. */
  | 'not_delivered';

/** What became of one press: the feedback a surface can show ("Approved · reviewer", "nothing was waiting"). */
export type PressOutcome =
  | { readonly kind: 'delivered'; readonly action: ControlAction; readonly agent: PressTarget }
  | { readonly kind: 'refused'; readonly action: ControlAction; readonly reason: PressRefusal }
  | { readonly kind: 'selected'; readonly agent: PressTarget }
  | { readonly kind: 'not_selected'; readonly reason: SelectionRefusal }
  /** An option press reached the asking agent: `option` is 0-based. */
  | { readonly kind: 'answered'; readonly option: number; readonly agent: PressTarget }
  /** An option of a multi-select question was toggled (nothing is sent before Send). */
  | { readonly kind: 'toggled'; readonly option: number; readonly selected: boolean }
  | { readonly kind: 'not_answered'; readonly reason: AnswerRefusal }
  /** A Demo or Show was playing and took the press (its own view shows the effect). */
  | { readonly kind: 'experience' };

/**
 * Attached by a surface that wants to tell its user what a press did; the
 * daemon settles it exactly once, after routing the press. Surfaces without
 * feedback (a Launchpad) leave it out.
 */
export interface PressReceipt {
  settle(outcome: PressOutcome): void;
}
