import { z } from 'zod';
import { makeIdentity, type AgentIdentity, type AgentState } from '../../domain/index.js';
import { waitForSurfaceDecision } from '../shared/approval-waiter.js';
import { hex32 } from '../shared/hex32.js';
import { endQuietly, reportQuietly } from '../shared/hook-report.js';
import { waitForPadAnswers } from '../shared/question-waiter.js';
import { permissionRequestSchema, questionRequestSchema, type OpencodeEvent, type PermissionRequest, type QuestionRequest } from './events.js';
import { padQuestions, permissionDetails, permissionReply, questionReply } from './requests.js';
import type { OpencodeServer } from './server.js';
import { pause } from '../../support/pause.js';

export const OPENCODE_BACKEND = 'opencode';

/** Pause before reconnecting to the event stream (the TUI's server takes a while to listen). */
const RECONNECT_MS = 250;
/** How often a pad wait looks whether the request was answered elsewhere. */
const POLL_MS = 50;
/** Upper bound on closing. */
const CLOSE_WAIT_MS = 2_000;
/** Finished requests remembered against a reconnect's re-listing. */
const DONE_LIMIT = 256;

export interface BridgeOptions {
  readonly server: OpencodeServer;
  readonly socketPath: string;
  readonly leaseId: string;
  /** The session the lease names until opencode reports one. */
  readonly placeholder: AgentIdentity;
  /** `cwd` and the label, on every report. */
  readonly metadata: Readonly<Record<string, string>>;
  readonly approvalTimeoutSeconds: number;
  readonly reconnectMs?: number;
}

/**
 * The launcher's second client of the opencode TUI's server: it turns the
 * session's events into states on the pad, puts permission requests and
 * questions there, and answers them over HTTP when the pad does, which
 * closes the TUI's own dialog. An answer in the TUI takes the request off
 * the pad. One TUI is one Scene: it shows the session being worked in (a
 * subagent's requests count as its parent's), and a switch to another
 * session ends the previous one on the pad. Without an answer from the pad
 * in time the request simply leaves the pad; the TUI keeps asking.
 */
export class OpencodeBridge {
  #identity: AgentIdentity;
  #state: AgentState | null = null;
  /** Subagent session → the root session it works for. */
  readonly #parents = new Map<string, string>();
  /** opencode request id → its pad wait. */
  readonly #waits = new Map<string, { readonly sessionId: string; readonly abort: AbortController }>();
  /** Requests the pad is done with (it answered, or gave them back to the TUI): a reconnect must not ask them again. */
  readonly #done = new Set<string>();
  readonly #tasks = new Set<Promise<void>>();
  readonly #stop = new AbortController();
  #reports: Promise<void> = Promise.resolve();
  readonly #loop: Promise<void>;

  private constructor(private readonly options: BridgeOptions) {
    this.#identity = options.placeholder;
    this.#loop = this.#listen();
  }

  static start(options: BridgeOptions): OpencodeBridge {
    return new OpencodeBridge(options);
  }

  /** Stops listening, takes every request off the pad and waits (bounded) until it has. */
  async close(): Promise<void> {
    this.#stop.abort();
    for (const wait of this.#waits.values()) wait.abort.abort();
    const done = Promise.all([this.#loop, ...this.#tasks, this.#reports]).then(() => undefined);
    let timer: NodeJS.Timeout | null = null;
    await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    if (timer !== null) clearTimeout(timer);
  }

  async #listen(): Promise<void> {
    while (!this.#stop.signal.aborted) {
      try {
        await this.options.server.readEvents(
          this.#stop.signal,
          async (event) => this.#handle(event),
          () => this.#resync(),
        );
      } catch {
        // Not listening yet, or gone: try again until the launcher closes the bridge.
      }
      await pause(this.options.reconnectMs ?? RECONNECT_MS, this.#stop.signal);
    }
  }

  /** After (re)connecting: requests already pending, asked while nobody listened. */
  async #resync(): Promise<void> {
    const permissions = z.array(permissionRequestSchema).safeParse(await this.options.server.get('/permission'));
    for (const request of permissions.success ? permissions.data : []) if (this.#isNew(request.id)) this.#askApproval(request);
    const questions = z.array(questionRequestSchema).safeParse(await this.options.server.get('/question'));
    for (const request of questions.success ? questions.data : []) if (this.#isNew(request.id)) this.#askQuestion(request);
  }

  #handle(event: OpencodeEvent): void {
    switch (event.kind) {
      case 'session_created':
        if (event.parentId !== null) this.#parents.set(event.sessionId, this.#rootOf(event.parentId));
        return;
      case 'busy':
        // A subagent's own status says nothing about the session the user works in.
        if (this.#parents.has(event.sessionId)) return;
        this.#activate(event.sessionId);
        if (!this.#hasWaits(event.sessionId)) this.#report('running');
        return;
      case 'idle':
        if (this.#parents.has(event.sessionId)) return;
        this.#activate(event.sessionId);
        this.#report('success');
        return;
      case 'error':
        if (this.#parents.has(event.sessionId)) return;
        this.#activate(event.sessionId);
        this.#report(event.aborted ? 'waiting_for_reply' : 'error');
        return;
      case 'permission_asked':
        this.#askApproval(event.request);
        return;
      case 'question_asked':
        this.#askQuestion(event.request);
        return;
      case 'answered':
        this.#answered(event.requestId);
        return;
    }
  }

  #askApproval(request: PermissionRequest): void {
    const sessionId = this.#rootOf(request.sessionID);
    this.#activate(sessionId);
    this.#report('waiting_for_approval');
    this.#padWait(request.id, sessionId, async (identity, cancelled) => {
      const decision = await waitForSurfaceDecision({
        socketPath: this.options.socketPath,
        identity,
        requestId: hex32(),
        timeoutMs: this.options.approvalTimeoutSeconds * 1000,
        details: permissionDetails(request),
        cancelled,
        pollMs: POLL_MS,
      });
      return decision === null ? null : () => this.options.server.post(`/permission/${encodeURIComponent(request.id)}/reply`, permissionReply(decision));
    });
  }

  #askQuestion(request: QuestionRequest): void {
    const sessionId = this.#rootOf(request.sessionID);
    this.#activate(sessionId);
    this.#report('waiting_for_reply');
    const questions = padQuestions(request);
    // More than the pad can show: the TUI alone answers.
    if (questions === null) return;
    this.#padWait(request.id, sessionId, async (identity, cancelled) => {
      const chosen = await waitForPadAnswers({
        socketPath: this.options.socketPath,
        identity,
        requestId: hex32(),
        questions,
        timeoutMs: this.options.approvalTimeoutSeconds * 1000,
        cancelled,
        pollMs: POLL_MS,
      });
      return chosen === null ? null : () => this.options.server.post(`/question/${encodeURIComponent(request.id)}/reply`, questionReply(questions, chosen));
    });
  }

  /**
   * Runs one pad wait in the background, after the state that announces it
   * has reached the daemon. `wait` resolves to the answer to post, or null
   * when the pad gave none; a request answered elsewhere meanwhile is left alone.
   */
  #padWait(requestId: string, sessionId: string, wait: (identity: AgentIdentity, cancelled: () => boolean) => Promise<(() => Promise<boolean>) | null>): void {
    const abort = new AbortController();
    this.#waits.get(requestId)?.abort.abort();
    this.#waits.set(requestId, { sessionId, abort });
    const identity = this.#identity;
    const task = (async () => {
      await this.#reports;
      const answer = await wait(identity, () => abort.signal.aborted);
      if (this.#waits.get(requestId)?.abort !== abort) return;
      this.#waits.delete(requestId);
      this.#markDone(requestId);
      if (answer === null) return;
      await answer();
      if (this.#identity === identity && !this.#hasWaits(sessionId)) this.#report('running');
    })();
    this.#tasks.add(task);
    void task.finally(() => this.#tasks.delete(task));
  }

  /** Someone answered (the TUI, another client, the pad itself): the pad stops asking. */
  #answered(requestId: string): void {
    this.#done.delete(requestId);
    const wait = this.#waits.get(requestId);
    if (wait === undefined) return;
    this.#waits.delete(requestId);
    wait.abort.abort();
    if (wait.sessionId === this.#identity.sessionId && !this.#hasWaits(wait.sessionId)) this.#report('running');
  }

  /** Makes `sessionId` the pad's session: the previous one (the placeholder at first) ends, so this one takes its Scene. */
  #activate(sessionId: string): void {
    if (this.#identity.sessionId === sessionId) return;
    const previous = this.#identity;
    for (const [id, wait] of this.#waits) {
      if (wait.sessionId !== previous.sessionId) continue;
      wait.abort.abort();
      this.#waits.delete(id);
    }
    this.#identity = makeIdentity(OPENCODE_BACKEND, sessionId);
    this.#state = null;
    this.#enqueue(() => endQuietly(this.options.socketPath, previous));
  }

  /** Reports a state of the current session when it changed (opencode repeats `busy` many times a turn). */
  #report(state: AgentState): void {
    if (this.#state === state) return;
    this.#state = state;
    const agent = this.#identity;
    this.#enqueue(() => reportQuietly(this.options.socketPath, state, { agent, metadata: this.options.metadata, leaseId: this.options.leaseId }));
  }

  /** Reports reach the daemon one after another, in the order the events came. */
  #enqueue(report: () => Promise<void>): void {
    this.#reports = this.#reports.then(report);
  }

  #isNew(requestId: string): boolean {
    return !this.#waits.has(requestId) && !this.#done.has(requestId);
  }

  /** Remembered until opencode says the request was answered; bounded, the oldest forgotten first. */
  #markDone(requestId: string): void {
    this.#done.add(requestId);
    if (this.#done.size > DONE_LIMIT) this.#done.delete(this.#done.values().next().value as string);
  }

  #hasWaits(sessionId: string): boolean {
    for (const wait of this.#waits.values()) if (wait.sessionId === sessionId) return true;
    return false;
  }

  #rootOf(sessionId: string): string {
    let root = sessionId;
    for (let depth = 0; depth < 16; depth += 1) {
      const parent = this.#parents.get(root);
      if (parent === undefined) break;
      root = parent;
    }
    return root;
  }
}
