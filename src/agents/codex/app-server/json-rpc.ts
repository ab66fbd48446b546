import type { TextSocket } from './ws-transport.js';

/** A server request's id: the app-server counts them (0, 1, 2 …) for the whole process, not per connection. */
export type RequestId = string | number;

/** An `error` reply to one of our requests. */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    readonly method: string,
    readonly code: number | null,
    detail: string,
  ) {
    super(`${method}: ${detail}`);
  }
}

/** Our request got no reply in time, or the connection ended first. */
export class RpcUnanswered extends Error {
  override readonly name = 'RpcUnanswered';
}

export interface JsonRpcHandlers {
  /** A notification (`method`, no `id`). */
  readonly notification: (method: string, params: unknown) => void;
  /** A request of the server's (`method` and `id`), to be answered with `respond` or left alone. */
  readonly request: (id: RequestId, method: string, params: unknown) => void;
  readonly closed: () => void;
}

interface Pending {
  readonly method: string;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * Both directions of JSON-RPC 2.0 over one text socket, as Codex's app-server
 * speaks it (it leaves `"jsonrpc"` out of its own messages). A frame that is
 * not a JSON object of one of the three shapes is dropped: the server is
 * another program, and what we do not understand must change nothing. Only
 * our own requests are remembered, each until its reply or its timeout.
 */
export class JsonRpcPeer {
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;

  constructor(
    private readonly socket: TextSocket,
    private readonly handlers: JsonRpcHandlers,
  ) {
    socket.onText((text) => this.#receive(text));
    socket.onClose(() => this.#end());
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Calls `method`; resolves with its result, rejects with RpcError, or RpcUnanswered after `timeoutMs` or a close. */
  request(method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    if (this.#closed) return Promise.reject(new RpcUnanswered(`${method}: the app-server connection is closed`));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new RpcUnanswered(`${method}: no reply within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending.set(id, { method, resolve, reject, timer });
      this.#write({ id, method, params });
    });
  }

  notify(method: string, params?: unknown): void {
    this.#write(params === undefined ? { method } : { method, params });
  }

  /** Answers the server's request `id`. A late answer (the request was resolved elsewhere) is ignored by the server. */
  respond(id: RequestId, result: unknown): void {
    this.#write({ id, result });
  }

  close(): void {
    this.socket.close();
    this.#end();
  }

  #write(message: Record<string, unknown>): void {
    if (!this.#closed) this.socket.send(JSON.stringify({ jsonrpc: '2.0', ...message }));
  }

  #receive(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return;
    const fields = message as Record<string, unknown>;
    const { id, method } = fields;
    const hasId = typeof id === 'number' || typeof id === 'string';
    if (typeof method === 'string') {
      if (hasId) this.handlers.request(id, method, fields['params']);
      else this.handlers.notification(method, fields['params']);
      return;
    }
    if (typeof id === 'number') this.#settle(id, fields);
  }

  #settle(id: number, reply: Record<string, unknown>): void {
    const pending = this.#pending.get(id);
    if (pending === undefined) return;
    this.#pending.delete(id);
    clearTimeout(pending.timer);
    const error = reply['error'];
    if (error === undefined || error === null) {
      pending.resolve(reply['result']);
      return;
    }
    const code = typeof error === 'object' && typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : null;
    const text =
      typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
        ? (error as { message: string }).message
        : JSON.stringify(error);
    pending.reject(new RpcError(pending.method, code, text));
  }

  #end(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      clearTimeout(pending.timer);
      pending.reject(new RpcUnanswered(`${pending.method}: the app-server connection closed`));
    }
    this.handlers.closed();
  }
}
