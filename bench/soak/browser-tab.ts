/**
 * A browser tab of the admin pad, as far as the daemon can tell: a WebSocket
 * client of `/ws` (web-surface-protocol-1.md §5–6) that authenticates with
 * the admin token from the link and then only listens. It uses the
 * WebSocket that Node provides (Node 20: run with --experimental-websocket),
 * so no WebSocket library is reached from outside its one adapter.
 */
/**
 * Node's WebSocket (undici) takes request headers, which the Origin check
 * needs; the type-check of tests and benches also loads the DOM's types (for
 * code that runs inside a page), whose WebSocket takes none.
 */
type NodeWebSocketConstructor = new (url: string, init: { readonly headers: Readonly<Record<string, string>> }) => WebSocket;

export type TabMessage = Record<string, unknown> & { readonly type: string };

export class BrowserTab {
  readonly #socket: WebSocket;
  readonly #counts = new Map<string, number>();
  readonly #listeners = new Set<(message: TabMessage) => void>();
  #closed = false;
  readonly closed: Promise<void>;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    this.closed = new Promise((resolve) =>
      socket.addEventListener('close', () => {
        this.#closed = true;
        resolve();
      }),
    );
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as TabMessage;
      this.#counts.set(message.type, (this.#counts.get(message.type) ?? 0) + 1);
      for (const listener of this.#listeners) listener(message);
    });
  }

  /** Opens `adminUrl` (`http://127.0.0.1:PORT/#admin=TOKEN`) and resolves once `authenticated` arrived. */
  static async open(adminUrl: string, timeoutMs = 10_000): Promise<BrowserTab> {
    const url = new URL(adminUrl);
    const token = new URLSearchParams(url.hash.slice(1)).get('admin');
    if (token === null) throw new Error(`no admin token in ${adminUrl}`);
    // §5.1: the Origin's authority must equal the Host header, as a page served from this host sends it.
    // Read only here: the global exists in the soak's process (--experimental-websocket), not in every importer's.
    const NodeWebSocket = WebSocket as unknown as NodeWebSocketConstructor;
    const socket = new NodeWebSocket(`ws://${url.host}/ws`, { headers: { origin: `http://${url.host}` } });
    const tab = new BrowserTab(socket);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`cannot open ws://${url.host}/ws`)), { once: true });
    });
    const authenticated = tab.next((message) => message.type === 'authenticated' || message.type === 'error', timeoutMs);
    socket.send(JSON.stringify({ protocol: 1, type: 'authenticate', credential: token }));
    const answer = await authenticated;
    if (answer.type !== 'authenticated') throw new Error(`admin authentication refused: ${JSON.stringify(answer)}`);
    return tab;
  }

  get isOpen(): boolean {
    return !this.#closed;
  }

  /** How many messages of `type` arrived so far. */
  count(type: string): number {
    return this.#counts.get(type) ?? 0;
  }

  /** Calls `listener` for every later message; returns the unsubscribe function. */
  onMessage(listener: (message: TabMessage) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The next message that satisfies `accept`. */
  next(accept: (message: TabMessage) => boolean, timeoutMs = 10_000): Promise<TabMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no matching browser message within ${timeoutMs} ms`));
      }, timeoutMs);
      const stop = this.onMessage((message) => {
        if (!accept(message)) return;
        clearTimeout(timer);
        stop();
        resolve(message);
      });
    });
  }

  close(): void {
    this.#socket.close(1000);
  }
}
