import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the opencode TUI's own server: `GET /event` streams what a test pushes,
 * `GET /permission` and `GET /question` list what it sets, and every POST is recorded and
 * answered `true`. Requests without the Basic auth of `opencode:<password>` get 401.
 */
export class FakeOpencodeServer {
  readonly posts: { readonly path: string; readonly body: unknown }[] = [];
  pendingPermissions: unknown[] = [];
  pendingQuestions: unknown[] = [];
  /** Counts of `GET /event` requests, answered or not. */
  eventRequests = 0;
  /** When true, `GET /event` is accepted and never answered (a TUI still starting). */
  stallEvents = false;
  readonly #streams = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    readonly password: string,
  ) {}

  static async start(password = 'pw'): Promise<FakeOpencodeServer> {
    let fake: FakeOpencodeServer | null = null;
    const server = createServer((request, response) => fake?.handle(request, response));
    fake = new FakeOpencodeServer(server, password);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    return fake;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get openStreams(): number {
    return this.#streams.size;
  }

  /** Sends one event to every open `GET /event`. */
  push(event: object): void {
    for (const stream of this.#streams) stream.write(`data: ${JSON.stringify(event)}\n\n`);
  }

  /** Ends every open event stream (the bridge reconnects). */
  dropStreams(): void {
    for (const stream of this.#streams) stream.end();
    this.#streams.clear();
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    if (request.headers.authorization !== `Basic ${Buffer.from(`opencode:${this.password}`).toString('base64')}`) {
      response.writeHead(401).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      if (request.method === 'GET' && path === '/event') {
        this.eventRequests += 1;
        if (this.stallEvents) return;
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(`data: ${JSON.stringify({ type: 'server.connected', properties: {} })}\n\n`);
        this.#streams.add(response);
        response.on('close', () => this.#streams.delete(response));
        return;
      }
      if (request.method === 'GET' && (path === '/permission' || path === '/question')) {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(path === '/permission' ? this.pendingPermissions : this.pendingQuestions));
        return;
      }
      if (request.method === 'POST') {
        const text = Buffer.concat(chunks).toString('utf8');
        this.posts.push({ path, body: text === '' ? undefined : JSON.parse(text) });
        response.writeHead(200, { 'content-type': 'application/json' }).end('true');
        return;
      }
      response.writeHead(404).end();
    });
  }
}
