import type { AgentIdentity } from '../domain/index.js';
import type { WireConnection } from './connection.js';
import { HeldConnection } from './held-connection.js';

/** One answer the pad gave: option `option` for question `question` (0-based, in the order asked). */
export interface QuestionAnswer {
  readonly agent: AgentIdentity;
  readonly requestId: string;
  readonly question: number;
  readonly option: number;
  /** Every option chosen (ascending): `[option]` for a single-choice question, one or more for a multi-select one. */
  readonly options: readonly number[];
}

/**
 * A live `question` request (a Pad-Lattice extension): the daemon took it
 * and shows its options on the pad. Each question is answered at most once;
 * closing the connection withdraws whatever is still open.
 */
export class QuestionRequest extends HeldConnection {
  constructor(
    connection: WireConnection,
    readonly requestId: string,
  ) {
    super(connection, 'the question request');
  }

  /**
   * The next answer, or null after `close()` (which withdraws the request).
   * With `timeoutMs`, rejects with DaemonTimeoutError if none arrives in time
   * (the request stays open); an `error` line becomes a DaemonProtocolError,
   * a closed connection a DaemonDisconnectedError.
   */
  async receive(timeoutMs: number | null = null): Promise<QuestionAnswer | null> {
    const answer = await this.receiveOf('answer', timeoutMs);
    if (answer === null) return null;
    const { agent, requestId, question, option } = answer;
    return { agent, requestId, question, option, options: answer.options ?? [option] };
  }
}
