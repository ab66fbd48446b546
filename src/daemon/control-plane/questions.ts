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
    this.#byConnection.set(connection, { connection, key, requestId, ref: this.#refs, questions, answered: questions.map(() => false), askedAt });
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
