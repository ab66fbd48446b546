import type { IdentityKey, Question } from '../../domain/index.js';
import type { ConnectionId } from './types.js';

/**
 * A connection's pending multiple-choice request (a Pad-Lattice extension,
 * README "Questions and approval details"): the questions an agent asked and
 * which of them the pad has answered. It lives as long as its connection,
 * like a subscription; a new request on the connection replaces it.
 */
export interface QuestionRequest {
  readonly connection: ConnectionId;
  readonly key: IdentityKey;
  readonly requestId: string;
  /** Never reused while the plane lives: what a surface's press names. */
  readonly ref: number;
  readonly questions: readonly Question[];
  /** One flag per question: the first answer wins, every later press for it is refused. */
  readonly answered: boolean[];
  /** Per question, the options a multi-select question has toggled on so far (empty for the others). */
  readonly toggled: Set<number>[];
  /** Sequence value of the ask; the oldest request of an agent is shown first. */
  readonly askedAt: number;
}

/** At most one request per connection. */
export class QuestionTable {
  readonly #byConnection = new Map<ConnectionId, QuestionRequest>();
  #refs = 0;

  /** Registers (or replaces) the connection's request; returns its ref. */
  ask(connection: ConnectionId, key: IdentityKey, requestId: string, questions: readonly Question[], askedAt: number): number {
    this.#refs += 1;
    this.#byConnection.set(connection, {
      connection,
      key,
      requestId,
      ref: this.#refs,
      questions,
      answered: questions.map(() => false),
      toggled: questions.map(() => new Set<number>()),
      askedAt,
    });
    return this.#refs;
  }

  removeConnection(connection: ConnectionId): boolean {
    return this.#byConnection.delete(connection);
  }

  /** An ended session's requests go with it (their connections stay open and get nothing more). */
  removeIdentity(key: IdentityKey): void {
    for (const [connection, request] of this.#byConnection) if (request.key === key) this.#byConnection.delete(connection);
  }

  byRef(ref: number): QuestionRequest | null {
    for (const request of this.#byConnection.values()) if (request.ref === ref) return request;
    return null;
  }

  /** The request the pad shows for an agent: its oldest with a question still open. */
  shownFor(key: IdentityKey): QuestionRequest | null {
    let shown: QuestionRequest | null = null;
    for (const request of this.#byConnection.values()) {
      if (request.key !== key || !request.answered.includes(false)) continue;
      if (shown === null || request.askedAt < shown.askedAt) shown = request;
    }
    return shown;
  }

  get size(): number {
    return this.#byConnection.size;
  }
}

/** What one option press does to a request, before the plane bumps recency and revision. */
export type OptionPress =
  | { readonly kind: 'answer'; readonly option: number; readonly options: readonly number[] | null }
  | { readonly kind: 'toggle'; readonly selected: boolean }
  | { readonly kind: 'refused'; readonly reason: 'answered' | 'no_option' | 'none_chosen' };

/**
 * Applies an option press to question `question` (which exists) of `request`:
 * a single-choice question is answered with the option; on a multi-select
 * one an option toggles and the Send pad (the index after the last option)
 * answers with every option toggled on, never with none.
 */
export function pressOption(request: QuestionRequest, question: number, option: number): OptionPress {
  if (request.answered[question]) return { kind: 'refused', reason: 'answered' };
  const asked = request.questions[question]!;
  const toggled = request.toggled[question]!;
  const count = asked.options.length;
  if (!Number.isInteger(option) || option < 0 || option > count || (option === count && !asked.multiSelect)) return { kind: 'refused', reason: 'no_option' };
  if (!asked.multiSelect) {
    request.answered[question] = true;
    return { kind: 'answer', option, options: null };
  }
  if (option < count) {
    if (!toggled.delete(option)) toggled.add(option);
    return { kind: 'toggle', selected: toggled.has(option) };
  }
  if (toggled.size === 0) return { kind: 'refused', reason: 'none_chosen' };
  request.answered[question] = true;
  const options = [...toggled].sort((a, b) => a - b);
  return { kind: 'answer', option: options[0]!, options };
}
