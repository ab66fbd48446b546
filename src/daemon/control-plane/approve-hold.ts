import { HOLD_FILL_STEPS, type IdentityKey } from '../../domain/index.js';

/** Seconds Approve is held for a destructive command by default. */
export const DEFAULT_APPROVE_HOLD = 1.5;

/**
 * Seconds after which a hold with no release ends, approving nothing: a
 * surface that cannot tell when a press ends (a plain click) never lets go,
 * and a finger does not rest on a pad this long.
 */
export const HOLD_RELEASE_LIMIT = 10;

/** One Approve held down for one request, since `startedAt` (monotonic seconds). */
export interface Hold {
  readonly key: IdentityKey;
  readonly requestId: string | null;
  readonly startedAt: number;
}

/** What letting go of Approve did. */
export type HoldRelease = { readonly kind: 'none' } | { readonly kind: 'short'; readonly heldFor: number } | { readonly kind: 'complete'; readonly hold: Hold };

/**
 * Hold to approve (pure, explicit clock): Approve for a destructive command
 * counts only when let go after being held `seconds`. A press starts the
 * hold and its fill rises until full; letting go sooner approves nothing;
 * letting go once full approves. Deciding on the release, never on the clock
 * alone, means a press whose end is never seen (a click, a vanished device)
 * cannot approve. One hold at a time: a press while one runs starts it over.
 */
export class ApproveHold {
  #hold: Hold | null = null;
  #shownStep = 0;

  constructor(readonly seconds: number) {}

  get current(): Hold | null {
    return this.#hold;
  }

  /** The fill step the last `start` or `stepped` saw: what the surfaces show. */
  get shownStep(): number {
    return this.#shownStep;
  }

  start(key: IdentityKey, requestId: string | null, now: number): void {
    this.#hold = { key, requestId, startedAt: now };
    this.#shownStep = this.filled(now);
  }

  /** The pad let go: too soon, or held long enough. */
  release(now: number): HoldRelease {
    const hold = this.#hold;
    if (hold === null) return { kind: 'none' };
    this.#hold = null;
    const heldFor = now - hold.startedAt;
    return heldFor >= this.seconds ? { kind: 'complete', hold } : { kind: 'short', heldFor };
  }

  /** True (and the hold ends) when no release came within HOLD_RELEASE_LIMIT. */
  expire(now: number): boolean {
    if (this.#hold === null || now - this.#hold.startedAt < HOLD_RELEASE_LIMIT) return false;
    this.#hold = null;
    return true;
  }

  /** Ends a hold whose request went away (answered elsewhere, agent gone, another selection). */
  cancel(): void {
    this.#hold = null;
  }

  /** 1..HOLD_FILL_STEPS: how much of the fill shows at `now`; full once held long enough. */
  filled(now: number): number {
    const hold = this.#hold;
    if (hold === null) return 0;
    const progress = this.seconds === 0 ? 1 : (now - hold.startedAt) / this.seconds;
    return Math.max(1, Math.min(HOLD_FILL_STEPS, Math.floor(progress * (HOLD_FILL_STEPS - 1)) + 1));
  }

  /** True when the fill rose a step since the last call: the surfaces need a new frame. */
  stepped(now: number): boolean {
    const step = this.filled(now);
    if (step === this.#shownStep) return false;
    this.#shownStep = step;
    return true;
  }
}
