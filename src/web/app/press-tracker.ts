import { carryScope, scopeOfResult, type FeedbackScope, type Situation } from './feedback-scope.js';
import { NO_ANSWER, feedbackFor, type ActionName, type Feedback } from './press-feedback.js';
import type { PressResultMessage } from './messages.js';

/** How long a press waits for its `press_result` before the page gives up on hearing back. */
export const PRESS_ANSWER_TIMEOUT_MS = 4_000;

/** What the page shows about presses: actions kept dark meanwhile, and the last press's feedback. */
export interface PressView {
  /** Actions pressed here and not yet settled (or delivered and not yet re-drawn): dark, so a second press sends nothing. */
  readonly held: ReadonlySet<ActionName>;
  readonly feedback: Feedback | null;
}

export const NO_PRESSES: PressView = Object.freeze({ held: new Set<ActionName>(), feedback: null });

type Press = ActionName | 'select' | 'answer';

/**
 * The presses this page sent and their answers. The daemon answers every
 * press of a connection that asked for `press_results`, in order, so answers
 * are matched first in, first out. An action goes dark the moment it is
 * pressed; after a delivery it stays dark until the next `surface`, which
 * then shows the truth (dark when the one-shot request was consumed, lit when
 * the agent still listens). The feedback is kept with what it describes
 * (feedback-scope.ts) and cleared once that changes. DOM-free, so tests
 * drive it in Node.
 */
export class PressTracker {
  #pending: { press: Press; serial: number }[] = [];
  #awaitingSurface = new Set<ActionName>();
  #feedback: Feedback | null = null;
  #scope: FeedbackScope | null = null;
  #serial = 0;

  /** The press's serial, or null when this action is already on its way: the page must not send it again. */
  begin(press: Press): number | null {
    if (press !== 'select' && press !== 'answer' && this.#isHeld(press)) return null;
    this.#serial += 1;
    this.#pending.push({ press, serial: this.#serial });
    return this.#serial;
  }

  /** The answer to the oldest press of its kind; `now` is what the page shows as it arrives. */
  settle(result: PressResultMessage, now: Situation): void {
    const index = this.#pending.findIndex((entry) => entry.press === result.press);
    if (index < 0) return;
    // Anything queued before it was answered already or never will be.
    this.#pending.splice(0, index + 1);
    if (result.outcome === 'delivered' && result.press !== 'select' && result.press !== 'answer') this.#awaitingSurface.add(result.press);
    this.#show(feedbackFor(result), scopeOfResult(result, now));
  }

  /** A fresh frame shows every action as it really is. */
  surfaceArrived(): void {
    this.#awaitingSurface.clear();
  }

  /** The press `serial` got no answer in time: release it and say so. */
  expire(serial: number, now: Situation): boolean {
    const index = this.#pending.findIndex((entry) => entry.serial === serial);
    if (index < 0) return false;
    this.#pending.splice(index, 1);
    this.#show(NO_ANSWER, { kind: 'situation', at: now });
    return true;
  }

  /** Feedback the page decided on without asking the daemon, about what it shows `now`. */
  note(feedback: Feedback, now: Situation): void {
    this.#show(feedback, { kind: 'situation', at: now });
  }

  /** The page now shows `now`: true when that cleared the feedback line, which described something else. */
  observe(now: Situation): boolean {
    if (this.#scope === null) return false;
    this.#scope = carryScope(this.#scope, now);
    if (this.#scope !== null) return false;
    this.#feedback = null;
    return true;
  }

  #show(feedback: Feedback, scope: FeedbackScope): void {
    this.#feedback = feedback;
    this.#scope = scope;
  }

  /** A closed connection answers nothing more. */
  reset(): void {
    this.#pending = [];
    this.#awaitingSurface.clear();
  }

  view(): PressView {
    const held = new Set<ActionName>(this.#awaitingSurface);
    for (const entry of this.#pending) if (entry.press !== 'select' && entry.press !== 'answer') held.add(entry.press);
    return { held, feedback: this.#feedback };
  }

  #isHeld(action: ActionName): boolean {
    return this.#awaitingSurface.has(action) || this.#pending.some((entry) => entry.press === action);
  }
}
