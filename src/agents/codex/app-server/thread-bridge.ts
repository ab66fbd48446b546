import { DaemonMirror, type MirrorOptions } from './daemon-mirror.js';
import { JsonRpcPeer, type RequestId } from './json-rpc.js';
import { padRequestOf } from './pad-request.js';
import { PadRequests } from './pad-requests.js';
import { ThreadChoice } from './thread-choice.js';
import { statusState, turnEndState } from './thread-states.js';
import {
  CLIENT_METHODS,
  NOTIFICATIONS,
  autoReviewParams,
  initializeResult,
  itemStartedParams,
  loadedThreadsResult,
  resolvedParams,
  threadResult,
  threadStartedParams,
  threadStatusParams,
  turnParams,
  type Thread,
  type ThreadStatus,
} from './protocol.js';
import { openUnixTextSocket } from './ws-transport.js';

const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** File changes remembered for their approval (which names only the item). */
const REMEMBERED_CHANGES = 64;

export interface BridgeOptions extends MirrorOptions {
  /** The app-server's socket (our private `unix://` path). */
  readonly appServerSocket: string;
  /** Pad-Lattice's version, for `clientInfo`. */
  readonly version: string;
}

/**
 * Pad-Lattice as a second client of the app-server the TUI runs on. It
 * follows the TUI's thread (thread-choice.ts) and subscribes to it with
 * `thread/resume`, which fails until the thread's first turn has started and
 * is therefore tried again at the thread's next status change (a request
 * already pending is replayed to a late subscriber); it mirrors the thread's
 * state on the pad and puts its approvals and questions there.
 */
export class ThreadBridge {
  readonly #mirror: DaemonMirror;
  readonly #requests: PadRequests;
  readonly #changes = new Map<string, readonly string[]>();
  readonly #choice = new ThreadChoice((threadId) => this.#readThread(threadId));
  #peer!: JsonRpcPeer;
  #thread: Thread | null = null;
  #subscribed = false;
  #subscribing = false;
  /** A status change came while a subscription was on its way: if that one fails, it is tried again at once. */
  #tryAgain = false;
  #lost: (() => void) | null = null;

  private constructor(options: BridgeOptions) {
    this.#mirror = new DaemonMirror(options);
    this.#requests = new PadRequests(options.socketPath, this.#mirror, (id, result) => this.#peer.respond(id, result));
  }

  /** Connects, introduces itself and starts following; rejects when the app-server cannot be reached or refuses. */
  static async connect(options: BridgeOptions): Promise<ThreadBridge> {
    const bridge = new ThreadBridge(options);
    const socket = await openUnixTextSocket(options.appServerSocket, CONNECT_TIMEOUT_MS);
    bridge.#peer = new JsonRpcPeer(socket, {
      notification: (method, params) => bridge.#notification(method, params),
      request: (id, method, params) => bridge.#request(id, method, params),
      closed: () => bridge.#lost?.(),
    });
    try {
      initializeResult.parse(
        await bridge.#peer.request(
          CLIENT_METHODS.initialize,
          { clientInfo: { name: 'pad-lattice', title: 'Pad-Lattice', version: options.version }, capabilities: { experimentalApi: true } },
          REQUEST_TIMEOUT_MS,
        ),
      );
      bridge.#peer.notify(CLIENT_METHODS.initialized);
      await bridge.#discover();
    } catch (error) {
      bridge.#peer.close();
      throw error;
    }
    return bridge;
  }

  /** The followed thread, once it has a turn on disk (`codex resume` can take it up again); else null. */
  get resumable(): string | null {
    return this.#subscribed ? (this.#thread?.id ?? null) : null;
  }

  /** Resolves when the app-server closed the connection. */
  lost(): Promise<void> {
    if (this.#peer.closed) return Promise.resolve();
    return new Promise((resolve) => (this.#lost = resolve));
  }

  /** Takes everything off the pad (the state stays for the launcher's final report) and disconnects. */
  async close(): Promise<void> {
    await this.#requests.closeAll();
    await this.#mirror.settled();
    this.#peer.close();
  }

  /** The threads loaded before we connected: the TUI creates its thread as soon as it connects. */
  async #discover(): Promise<void> {
    const loaded = loadedThreadsResult.parse(await this.#peer.request(CLIENT_METHODS.loadedThreads, {}, REQUEST_TIMEOUT_MS));
    this.#follow(await this.#choice.loaded(loaded.data), null);
  }

  async #readThread(threadId: string): Promise<Thread | null> {
    const read = threadResult.safeParse(await this.#peer.request(CLIENT_METHODS.readThread, { threadId }, REQUEST_TIMEOUT_MS).catch(() => null));
    return read.success ? read.data.thread : null;
  }

  /** Shows `thread` from now on (the one before, if any, leaves the pad with its requests), in `status` when known. */
  #follow(thread: Thread | null, status: ThreadStatus | null): void {
    if (thread === null) return;
    const previous = this.#thread;
    this.#thread = thread;
    this.#subscribed = false;
    if (previous !== null) {
      void this.#requests.closeAll();
      this.#peer.request(CLIENT_METHODS.unsubscribeThread, { threadId: previous.id }, REQUEST_TIMEOUT_MS).catch(() => undefined);
    }
    this.#mirror.adopt({ id: thread.id, cwd: thread.cwd ?? null, model: thread.model ?? null });
    const state = status === null ? null : statusState(status, this.#subscribed);
    if (state !== null) this.#mirror.report(state);
    this.#subscribe();
  }

  #subscribe(): void {
    const thread = this.#thread;
    if (thread === null || this.#subscribed) return;
    if (this.#subscribing) {
      this.#tryAgain = true;
      return;
    }
    this.#subscribing = true;
    this.#tryAgain = false;
    this.#peer.request(CLIENT_METHODS.resumeThread, { threadId: thread.id, excludeTurns: true }, REQUEST_TIMEOUT_MS).then(
      () => {
        this.#subscribing = false;
        if (this.#thread?.id === thread.id) this.#subscribed = true;
        else this.#subscribe();
      },
      // "no rollout found" until the first turn started: tried again at the thread's next status change.
      () => {
        this.#subscribing = false;
        if (this.#tryAgain || this.#thread?.id !== thread.id) this.#subscribe();
      },
    );
  }

  #notification(method: string, params: unknown): void {
    if (method === NOTIFICATIONS.threadStarted) {
      const started = threadStartedParams.safeParse(params);
      if (started.success) this.#follow(this.#choice.started(started.data.thread), null);
      return;
    }
    const threadId = typeof params === 'object' && params !== null ? (params as { threadId?: unknown }).threadId : undefined;
    if (method === NOTIFICATIONS.threadStatusChanged && threadId !== this.#thread?.id) {
      // Another thread: one the TUI resumed shows itself only this way.
      const status = threadStatusParams.safeParse(params);
      if (status.success) void this.#choice.statusChanged(status.data.threadId, status.data.status).then((thread) => this.#follow(thread, status.data.status));
      return;
    }
    if (this.#thread === null || threadId !== this.#thread.id) return;
    switch (method) {
      case NOTIFICATIONS.threadStatusChanged: {
        const status = threadStatusParams.safeParse(params);
        if (!status.success) return;
        if (!this.#subscribed) this.#subscribe();
        const state = statusState(status.data.status, this.#subscribed);
        if (state !== null) this.#mirror.report(state);
        return;
      }
      case NOTIFICATIONS.turnStarted:
        this.#mirror.report('running');
        return;
      case NOTIFICATIONS.turnCompleted: {
        const turn = turnParams.safeParse(params);
        const state = turn.success ? turnEndState(turn.data.turn.status) : null;
        if (state !== null) this.#mirror.report(state);
        return;
      }
      case NOTIFICATIONS.itemStarted: {
        const item = itemStartedParams.safeParse(params);
        if (item.success && item.data.item.changes !== undefined)
          this.#remember(
            item.data.item.id,
            item.data.item.changes.map((change) => change.path),
          );
        return;
      }
      case NOTIFICATIONS.serverRequestResolved: {
        const resolved = resolvedParams.safeParse(params);
        if (resolved.success) this.#requests.resolved(resolved.data.requestId);
        return;
      }
      case NOTIFICATIONS.autoReviewStarted:
        // Codex's own reviewer decides; no request reaches any client, so the pad shows Codex at work.
        if (autoReviewParams.safeParse(params).success) this.#mirror.report('running');
        return;
    }
  }

  #request(id: RequestId, method: string, params: unknown): void {
    const thread = this.#thread;
    const identity = this.#mirror.identity;
    if (thread === null || identity === null) return;
    const parsed = padRequestOf(method, params, { threadCwd: thread.cwd ?? null, changedPaths: (itemId) => this.#changes.get(itemId) ?? [] });
    // Not ours to answer (another thread, a kind the pad does not know): the TUI answers it.
    if (parsed === null || parsed.threadId !== thread.id) return;
    this.#requests.open(id, parsed.request, identity);
  }

  #remember(itemId: string, paths: readonly string[]): void {
    this.#changes.delete(itemId);
    this.#changes.set(itemId, paths);
    if (this.#changes.size > REMEMBERED_CHANGES) this.#changes.delete(this.#changes.keys().next().value!);
  }
}
