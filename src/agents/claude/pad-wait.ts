import type { Question } from '../../domain/index.js';
import { hex32 } from '../shared/hex32.js';
import { waitForPadAnswers } from '../shared/question-waiter.js';
import { calledOff, MARKER_POLL_MS, registerWaiter, type HookRun } from './hook-run.js';

export interface PadWait {
  /** The marker's tool: what a later "needs your permission" notification is told about this wait. */
  readonly tool: string;
  /** The call goes on once answered, so its PostToolUse follows: leave a tombstone for it (WaiterMarker.decided). */
  readonly endsInPostToolUse: boolean;
}

/**
 * Puts questions on the pad for one hook request and waits, as a registered
 * waiter (a later event of the session can retire it), until every question
 * is answered: the options chosen per question. Null when the pad did not
 * answer: no daemon or one without the extension, the deadline, Claude Code
 * calling the hook off, or a canceller.
 */
export async function waitOnPad(run: HookRun, questions: readonly Question[], wait: PadWait): Promise<number[][] | null> {
  const requestId = hex32();
  const marker = registerWaiter(run, requestId, wait.tool);
  let chosen: number[][] | null = null;
  try {
    chosen = await waitForPadAnswers({
      socketPath: run.options.socketPath,
      identity: run.report.identity,
      requestId,
      questions,
      timeoutMs: run.options.approvalTimeoutSeconds * 1000,
      cancelled: () => calledOff(run) || (marker?.isCancelled() ?? false),
      pollMs: MARKER_POLL_MS,
    });
  } finally {
    if (chosen !== null && wait.endsInPostToolUse) marker?.decided();
    else marker?.remove();
  }
  return chosen;
}
