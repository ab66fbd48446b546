import { DaemonProtocolError, DaemonTimeoutError, PadLatticeClient, type QuestionRequest } from '../../client/index.js';
import { sameIdentity, type AgentIdentity, type Question } from '../../domain/index.js';

export interface QuestionWaitOptions {
  readonly socketPath: string;
  readonly identity: AgentIdentity;
  readonly requestId: string;
  readonly questions: readonly Question[];
  /** Bounds the connect and, once connected, the whole wait. */
  readonly timeoutMs: number;
  /** Polled while waiting; true ends the wait with no answers (the user answered at the terminal). */
  readonly cancelled?: () => boolean;
  readonly pollMs?: number;
  readonly now?: () => number;
}

/**
 * Puts the agent's questions on the pad and waits until the pad answered
 * every one of them: the chosen options (0-based, ascending; exactly one for
 * a single-choice question) per question, in order.
 * Null when the daemon does not know the extension, the deadline passes,
 * the wait is cancelled or the connection ends — the agent's own dialog
 * then answers. Never rejects; the request is withdrawn before this resolves.
 */
export async function waitForPadAnswers(options: QuestionWaitOptions): Promise<number[][] | null> {
  const client = new PadLatticeClient({ socketPath: options.socketPath, timeoutMs: Math.min(options.timeoutMs, 2_000) });
  let request: QuestionRequest | null = null;
  try {
    request = await client.askQuestions({ agent: options.identity, requestId: options.requestId, questions: options.questions });
    return await readAnswers(request, options);
  } catch {
    return null;
  } finally {
    await request?.close();
  }
}

async function readAnswers(request: QuestionRequest, options: QuestionWaitOptions): Promise<number[][] | null> {
  const now = options.now ?? (() => performance.now());
  const deadline = now() + options.timeoutMs;
  const chosen: (number[] | undefined)[] = options.questions.map(() => undefined);
  while (chosen.includes(undefined)) {
    if (options.cancelled?.() === true) return null;
    const remaining = deadline - now();
    if (remaining <= 0) return null;
    let answer;
    try {
      answer = await request.receive(Math.min(remaining, options.pollMs ?? 50));
    } catch (error) {
      if (error instanceof DaemonTimeoutError || error instanceof DaemonProtocolError) continue;
      return null;
    }
    if (answer === null) return null;
    if (!sameIdentity(answer.agent, options.identity) || answer.requestId !== options.requestId) continue;
    const asked = options.questions[answer.question];
    if (asked === undefined || !answer.options.every((option) => option < asked.options.length)) continue;
    // A single-choice question takes one option, whatever a confused daemon sent.
    chosen[answer.question] = asked.multiSelect ? [...answer.options] : [answer.option];
  }
  return chosen as number[][];
}
