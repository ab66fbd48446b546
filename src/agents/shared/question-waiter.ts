import { DaemonProtocolError, DaemonTimeoutError, PadLatticeClient, type QuestionRequest } from '../../client/index.js';
import { sameIdentity, type AgentIdentity, type Question } from '../../domain/index.js';
import { stepTimeout } from './approval-waiter.js';

export interface QuestionWaitOptions {
  readonly socketPath: string;
  readonly identity: AgentIdentity;
  readonly requestId: string;
  readonly questions: readonly Question[];
  /** Bounds the whole wait; null: no deadline, only `signal` or the daemon end it. */
  readonly timeoutMs: number | null;
  /** Polled while waiting; true ends the wait with no answers (the user answered at the terminal). */
  readonly cancelled?: () => boolean;
  readonly pollMs?: number;
  /** Aborting it withdraws the questions from the pad at once (the agent was answered elsewhere). */
  readonly signal?: AbortSignal;
  readonly now?: () => number;
}

/**
 * Puts the agent's questions on the pad and waits until the pad answered
 * every one of them: the chosen options (0-based, ascending; exactly one for
 * a single-choice question) per question, in order.
 * Null when the daemon does not know the extension, the deadline passes,
 * the wait is cancelled or aborted, or the connection ends — the agent's own
 * dialog then answers. Never rejects; the request is withdrawn before this resolves.
 */
export async function waitForPadAnswers(options: QuestionWaitOptions): Promise<number[][] | null> {
  const client = new PadLatticeClient({ socketPath: options.socketPath, timeoutMs: stepTimeout(options.timeoutMs) });
  let request: QuestionRequest | null = null;
  const withdraw = () => void request?.close();
  const aborted = () => options.signal?.aborted === true;
  options.signal?.addEventListener('abort', withdraw, { once: true });
  try {
    if (aborted()) return null;
    request = await client.askQuestions({ agent: options.identity, requestId: options.requestId, questions: options.questions });
    if (aborted()) return null;
    return await readAnswers(request, options);
  } catch {
    return null;
  } finally {
    options.signal?.removeEventListener('abort', withdraw);
    await request?.close();
  }
}

/** The one option chosen per question, for an agent that asked only single-choice questions. */
export function onlyChoices(chosen: readonly (readonly number[])[]): number[] {
  return chosen.map((options) => options[0]!);
}

async function readAnswers(request: QuestionRequest, options: QuestionWaitOptions): Promise<number[][] | null> {
  const now = options.now ?? (() => performance.now());
  const deadline = options.timeoutMs === null ? null : now() + options.timeoutMs;
  const chosen: (number[] | undefined)[] = options.questions.map(() => undefined);
  while (chosen.includes(undefined)) {
    if (options.cancelled?.() === true) return null;
    const remaining = deadline === null ? null : deadline - now();
    if (remaining !== null && remaining <= 0) return null;
    const slice = options.cancelled === undefined ? remaining : Math.min(remaining ?? Number.MAX_SAFE_INTEGER, options.pollMs ?? 50);
    let answer;
    try {
      answer = await request.receive(slice);
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
