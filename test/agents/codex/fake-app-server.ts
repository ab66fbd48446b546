import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { privateTempDir, until } from '../shared/fake-daemon.js';

/*
 * A stand-in for `codex app-server --listen unix://PATH` (Codex 0.171.0): WebSocket on a Unix
 * socket, one JSON-RPC message per text frame, with the shapes the real server sends (see
 * test/real-agents/codex-app-server.test.ts for the real thing). It answers the handshake and the
 * thread calls from a script, records every frame a client sent, and lets a test push
 * notifications and server requests.
 */

export interface FakeThread {
  readonly id: string;
  readonly ephemeral?: boolean;
  readonly parentThreadId?: string | null;
  readonly cwd?: string;
  readonly model?: string;
}

export interface Frame {
  readonly id?: number | string;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly result?: unknown;
}

export class FakeAppServer {
  readonly socketPath: string;
  /** Every frame any client sent, in order. */
  readonly received: Frame[] = [];
  threads: FakeThread[] = [];
  /** How many `thread/resume` calls are refused ("no rollout found", as before a thread's first turn). */
  refuseResumes = 0;
  readonly #clients = new Set<WebSocket>();
  #nextRequest = 0;

  private constructor(
    private readonly http: Server,
    private readonly wss: WebSocketServer,
    socketPath: string,
  ) {
    this.socketPath = socketPath;
    wss.on('connection', (ws) => {
      this.#clients.add(ws);
      ws.on('close', () => this.#clients.delete(ws));
      ws.on('message', (data: Buffer) => this.#receive(ws, JSON.parse(data.toString('utf8')) as Frame));
    });
  }

  static async start(): Promise<FakeAppServer> {
    const socketPath = join(privateTempDir('pl-fake-app-'), 'app.sock');
    const http = createServer();
    const wss = new WebSocketServer({ server: http });
    await new Promise<void>((resolve) => http.listen(socketPath, resolve));
    return new FakeAppServer(http, wss, socketPath);
  }

  get clientCount(): number {
    return this.#clients.size;
  }

  /** Sends a notification to every client (the real server sends thread events to subscribed ones only). */
  notify(method: string, params: Record<string, unknown>): void {
    for (const ws of this.#clients) ws.send(JSON.stringify({ method, params }));
  }

  /** Sends a server request; returns its id (counted per server, as Codex does). */
  request(method: string, params: Record<string, unknown>, id: number = this.#nextRequest++): number {
    for (const ws of this.#clients) ws.send(JSON.stringify({ method, id, params }));
    return id;
  }

  /** The client's reply to server request `id`, once it came. */
  async replyTo(id: number, timeoutMs = 5_000): Promise<unknown> {
    await until(() => this.#reply(id) !== undefined, `a reply to server request ${id}`, timeoutMs);
    return this.#reply(id)!.result;
  }

  /** True when a reply to `id` arrived. */
  answered(id: number): boolean {
    return this.#reply(id) !== undefined;
  }

  calls(method: string): Frame[] {
    return this.received.filter((frame) => frame.method === method);
  }

  async close(): Promise<void> {
    for (const ws of this.#clients) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  #reply(id: number): Frame | undefined {
    return this.received.find((frame) => frame.method === undefined && frame.id === id);
  }

  #receive(ws: WebSocket, frame: Frame): void {
    this.received.push(frame);
    if (frame.method === undefined || frame.id === undefined) return;
    const reply = (result: unknown) => ws.send(JSON.stringify({ id: frame.id, result }));
    const refuse = (message: string) => ws.send(JSON.stringify({ id: frame.id, error: { code: -32600, message } }));
    const thread = (id: unknown) => this.threads.find((candidate) => candidate.id === id);
    switch (frame.method) {
      case 'initialize':
        reply({ userAgent: 'pad-lattice/0.171.0 (fake)', codexHome: '/nowhere', platformFamily: 'unix', platformOs: 'linux' });
        return;
      case 'thread/loaded/list':
        reply({ data: this.threads.map((t) => t.id), nextCursor: null });
        return;
      case 'thread/read': {
        const found = thread(frame.params?.['threadId']);
        if (found === undefined) refuse('thread not found');
        else reply({ thread: wireThread(found) });
        return;
      }
      case 'thread/resume': {
        const found = thread(frame.params?.['threadId']);
        if (found === undefined || this.refuseResumes > 0) {
          this.refuseResumes -= 1;
          refuse(`no rollout found for thread id ${String(frame.params?.['threadId'])}`);
        } else reply({ thread: { ...wireThread(found), turns: [] }, approvalPolicy: 'on-request', approvalsReviewer: 'user' });
        return;
      }
      case 'thread/unsubscribe':
        reply({ status: 'unsubscribed' });
        return;
      default:
        refuse(`unknown method ${frame.method}`);
    }
  }
}

/** A thread as the server describes it (fields Pad-Lattice does not read included, as the real one sends them). */
export function wireThread(thread: FakeThread): Record<string, unknown> {
  return {
    id: thread.id,
    ephemeral: thread.ephemeral ?? false,
    parentThreadId: thread.parentThreadId ?? null,
    cwd: thread.cwd ?? '/home/dev/project',
    model: thread.model ?? 'gpt-test',
    status: { type: 'idle' },
    source: 'vscode',
    preview: '',
  };
}
