import { waitForSurfaceDecision } from '../shared/approval-waiter.js';
import { hex32 } from '../shared/hex32.js';
import { waitForPadAnswers, onlyChoices } from '../shared/question-waiter.js';
import { formContent, type PadForm } from './elicitation-form.js';
import { encodeNotification, encodeResult, idKey, type RpcId } from './json-rpc.js';
import type { PadSession } from './pad-session.js';
import { padChoicesOf, toolCallDetails } from './permission-choices.js';
import type { PermissionRequestView } from './messages.js';
import { ACP } from './protocol.js';

/** Requests shown on the pad at once; more are left to the editor alone. */
const MAX_OPEN = 64;
/** Requests the pad answered whose editor answer is still to come (and to be held back). */
const MAX_ANSWERED = 256;
/** How often a pad wait looks whether its request was settled elsewhere. */
const SETTLED_POLL_MS = 50;

export interface PadRequestsContext {
  readonly socketPath: string;
  /** Writes one line of the proxy's own to the agent, or to the editor. */
  readonly toAgent: (line: string) => void;
  readonly toEditor: (line: string) => void;
}

/** An agent's request that is on the editor's screen and on the pad at once. */
interface OpenRequest {
  readonly id: RpcId;
  readonly sessionId: string;
  /** The answer the proxy gives when the pad's Stop cancels the turn. */
  readonly cancelled: unknown;
  settled: boolean;
}

/**
 * The agent's questions to its user (`session/request_permission`,
 * `elicitation/create`) mirrored on the pad. The editor always gets the
 * request too, unchanged; whichever side answers first wins. When the pad
 * wins, the proxy answers the agent itself, tells the editor with
 * `$/cancel_request`, and holds back the editor's late answer; when the
 * editor wins (or the agent withdraws, or the turn ends) the pad's request
 * is withdrawn and its lights go dark.
 */
export class PadRequests {
  readonly #context: PadRequestsContext;
  readonly #open = new Map<string, OpenRequest>();
  readonly #answeredHere = new Set<string>();
  readonly #waits = new Set<Promise<void>>();

  constructor(context: PadRequestsContext) {
    this.#context = context;
  }

  /** Approve/Reject for the request's own allow_once/reject_once options; a request without them stays the editor's. */
  permission(id: RpcId, request: PermissionRequestView, session: PadSession): void {
    const choices = padChoicesOf(request);
    if (choices === null) return;
    const open = this.#opened(id, request.sessionId, { outcome: { outcome: 'cancelled' } });
    if (open === null) return;
    session.approvalOpened();
    this.#track(
      waitForSurfaceDecision({
        socketPath: this.#context.socketPath,
        identity: session.identity,
        requestId: hex32(),
        actions: choices.actions,
        details: toolCallDetails(request.toolCall),
        // No deadline: the request stays on the pad for as long as the agent keeps it open.
        timeoutMs: null,
        cancelled: () => open.settled,
        pollMs: SETTLED_POLL_MS,
      }).then((decision) => {
        // The subscription is closed by now, so the state reported next is not held at "waiting for approval".
        session.approvalClosed();
        const optionId = decision === 'approve' ? choices.approve : decision === 'reject' ? choices.reject : null;
        if (optionId !== null) this.#answerHere(open, { outcome: { outcome: 'selected', optionId } });
      }),
    );
  }

  /** A form whose every field is a choice: one option pad per choice. */
  form(id: RpcId, form: PadForm, session: PadSession): void {
    const open = this.#opened(id, form.sessionId, { action: 'cancel' });
    if (open === null) return;
    session.questionOpened();
    this.#track(
      waitForPadAnswers({
        socketPath: this.#context.socketPath,
        identity: session.identity,
        requestId: hex32(),
        questions: form.questions,
        timeoutMs: null,
        cancelled: () => open.settled,
        pollMs: SETTLED_POLL_MS,
      }).then((chosen) => {
        session.questionClosed();
        if (chosen !== null) this.#answerHere(open, { action: 'accept', content: formContent(form, onlyChoices(chosen)) });
      }),
    );
  }

  /** The editor answered the agent's request `id`: false when the pad answered it already (the answer is held back). */
  editorAnswered(id: RpcId): boolean {
    const key = idKey(id);
    if (this.#answeredHere.delete(key)) return false;
    this.#settle(key);
    return true;
  }

  /** The agent withdrew request `id` (`$/cancel_request`): the pad lets it go. */
  agentWithdrew(id: RpcId): void {
    this.#settle(idKey(id));
  }

  /** The session's turn is over: whatever it still asks is stale on the pad (the editor may still answer). */
  turnEnded(sessionId: string): void {
    for (const [key, open] of this.#open) if (open.sessionId === sessionId) this.#settle(key);
  }

  /** Stop on the pad cancelled the session's turn: its open requests are answered "cancelled", as ACP asks of a client. */
  cancelledFromPad(sessionId: string): void {
    for (const open of [...this.#open.values()]) if (open.sessionId === sessionId) this.#answerHere(open, open.cancelled);
  }

  /** Withdraws everything from the pad and waits until each wait has closed its connection. */
  async close(): Promise<void> {
    for (const key of [...this.#open.keys()]) this.#settle(key);
    await Promise.all(this.#waits);
  }

  #opened(id: RpcId, sessionId: string, cancelled: unknown): OpenRequest | null {
    const key = idKey(id);
    if (this.#open.size >= MAX_OPEN || this.#open.has(key)) return null;
    const open: OpenRequest = { id, sessionId, cancelled, settled: false };
    this.#open.set(key, open);
    return open;
  }

  #settle(key: string): void {
    const open = this.#open.get(key);
    if (open === undefined) return;
    open.settled = true;
    this.#open.delete(key);
  }

  /** Answers the agent in the editor's place and withdraws the request from the editor. */
  #answerHere(open: OpenRequest, result: unknown): void {
    if (open.settled) return;
    const key = idKey(open.id);
    this.#settle(key);
    if (this.#answeredHere.size >= MAX_ANSWERED) this.#answeredHere.delete(this.#answeredHere.values().next().value as string);
    this.#answeredHere.add(key);
    this.#context.toAgent(encodeResult(open.id, result));
    this.#context.toEditor(encodeNotification(ACP.cancelRequest, { requestId: open.id }));
  }

  #track(wait: Promise<void>): void {
    this.#waits.add(wait);
    void wait.finally(() => this.#waits.delete(wait));
  }
}
