import type { AgentIdentity } from '../../../domain/index.js';
import { describedApproval } from '../../shared/approval-details.js';
import { waitForSurfaceDecision } from '../../shared/approval-waiter.js';
import { hex32 } from '../../shared/hex32.js';
import { waitForPadAnswers, onlyChoices } from '../../shared/question-waiter.js';
import type { DaemonMirror } from './daemon-mirror.js';
import type { RequestId } from './json-rpc.js';
import type { PadRequest } from './pad-request.js';

/** More requests than this open at once are left to the TUI (Codex asks one or two at a time). */
const MAX_OPEN = 16;

interface Open {
  readonly abort: AbortController;
  /** Settles once the pad no longer shows the request. */
  readonly done: Promise<void>;
}

/**
 * The requests of the followed thread that are on the pad right now, by the
 * app-server's request id. A press answers Codex (the first answer wins
 * there: the TUI's prompt closes); an answer given in the TUI arrives as
 * `serverRequest/resolved` and takes the request off the pad. Requests the
 * pad cannot answer only set the state; nothing is ever answered on the
 * user's behalf.
 */
export class PadRequests {
  readonly #open = new Map<RequestId, Open>();

  constructor(
    private readonly daemonSocket: string,
    private readonly mirror: DaemonMirror,
    private readonly respond: (id: RequestId, result: unknown) => void,
  ) {}

  /** Puts request `id` on the pad for `identity`; a request already there (replayed on subscribe) is left as it is. */
  open(id: RequestId, request: PadRequest, identity: AgentIdentity): void {
    if (this.#open.has(id)) return;
    if (request.kind === 'terminal' || this.#open.size >= MAX_OPEN) {
      this.mirror.report(
        request.kind === 'approval' || (request.kind === 'terminal' && request.waitsFor === 'approval') ? 'waiting_for_approval' : 'waiting_for_reply',
      );
      return;
    }
    const abort = new AbortController();
    const base = { socketPath: this.daemonSocket, identity, requestId: hex32(), timeoutMs: null, signal: abort.signal };
    let done: Promise<void>;
    if (request.kind === 'approval') {
      this.mirror.report('waiting_for_approval');
      done = waitForSurfaceDecision({ ...base, details: describedApproval(request.tool, request.detail) }).then((decision) => {
        if (decision !== null) this.#answer(id, request.answer(decision));
      });
    } else {
      this.mirror.report('waiting_for_reply');
      done = waitForPadAnswers({ ...base, questions: request.questions }).then((chosen) => {
        if (chosen !== null) this.#answer(id, request.answer(onlyChoices(chosen)));
      });
    }
    const entry = { abort, done: done.finally(() => this.#open.delete(id)) };
    this.#open.set(id, entry);
  }

  /** Codex says request `id` was answered (maybe by the TUI): off the pad, before any later state is reported. */
  resolved(id: RequestId): void {
    const entry = this.#open.get(id);
    if (entry === undefined) return;
    this.mirror.run(async () => {
      entry.abort.abort();
      await entry.done;
    });
  }

  /** Takes every request off the pad (the TUI left, or another thread is followed now). */
  async closeAll(): Promise<void> {
    const entries = [...this.#open.values()];
    for (const entry of entries) entry.abort.abort();
    await Promise.all(entries.map((entry) => entry.done));
  }

  #answer(id: RequestId, result: unknown): void {
    this.respond(id, result);
    this.mirror.report('running');
  }
}
