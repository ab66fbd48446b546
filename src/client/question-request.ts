import type { AgentIdentity } from '../domain/index.js';
import type { WireConnection } from './connection.js';
import { DaemonDisconnectedError } from './errors.js';
import { expectType } from './reply.js';

/** One answer the pad gave: option `option` for question `question` (0-based, in the order asked). */
export interface QuestionAnswer {
  readonly agent: AgentIdentity;
  readonly requestId: string;
  readonly question: number;
  readonly option: number;
}

/**
 * A live `question` request (a Pad-Lattice extension): the daemon took it
 * and shows its options on the pad. Each question is answered at most once;
 * closing the connection withdraws whatever is still open.
 */
export class QuestionRequest implements AsyncDisposable {
  #closedHere = false;

  constructor(
    private readonly connection: WireConnection,
    readonly requestId: string,
  ) {}

  get isOpen(): boolean {
    return this.connection.isOpen;
  }

  /**
   * The next answer, or null after `close()`. With `timeoutMs`, rejects with
   * DaemonTimeoutError if none arrives in time (the request stays open); an
   * `error` line becomes a DaemonProtocolError, a closed connection a
   * DaemonDisconnectedError.
   */
  async receive(timeoutMs: number | null = null): Promise<QuestionAnswer | null> {
    const inbound = await this.connection.receive(timeoutMs);
    if (inbound === null) {
      if (this.#closedHere) return null;
      throw new DaemonDisconnectedError(this.connection.socketPath, `the daemon closed the question request (${this.connection.socketPath})`);
    }
    if (!inbound.ok) throw inbound.error;
    const answer = expectType(inbound.message, 'answer');
    return { agent: answer.agent, requestId: answer.requestId, question: answer.question, option: answer.option };
  }

  /** Withdraws the request by closing the connection. Idempotent. */
  async close(): Promise<void> {
    this.#closedHere = true;
    this.connection.close();
    await this.connection.closed;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}
