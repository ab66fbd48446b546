import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { receivedMessages, schemaErrors } from './schema.js';

export type ServerMessage = Record<string, unknown> & { type: string };

export interface ClientOptions {
  /** Origin header; default `http://127.0.0.1:<port>`; null sends none. */
  readonly origin?: string | null;
  /** Host header override. */
  readonly host?: string;
  /** The LAN address the test bridge should believe this client has (see startTestBridge). */
  readonly peer?: string;
  readonly perMessageDeflate?: boolean;
}

/**
 * A WebSocket test client: every server message is parsed, checked against
 * the published schema (recorded for scenario 41) and queued for `next()`.
 * The only test file that imports `ws`.
 */
export class TestClient {
  readonly socket: WebSocket;
  /** Response headers of the 101 handshake. */
  upgradeHeaders: IncomingMessage['headers'] = {};
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly #queue: ServerMessage[] = [];
  readonly #waiters: ((message: ServerMessage | null) => void)[] = [];
  #isClosed = false;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (data: Buffer) => this.#receive(data.toString('utf8')));
    this.closed = new Promise((resolve) => {
      socket.on('close', (code: number, reason: Buffer) => {
        this.#isClosed = true;
        for (const waiter of this.#waiters.splice(0)) waiter(null);
        resolve({ code, reason: reason.toString('utf8') });
      });
    });
  }

  static open(port: number, options: ClientOptions = {}): Promise<TestClient> {
    const headers: Record<string, string> = {};
    if (options.host !== undefined) headers['Host'] = options.host;
    if (options.peer !== undefined) headers['X-Test-Peer'] = options.peer;
    const origin = options.origin === undefined ? `http://127.0.0.1:${port}` : options.origin;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers,
      ...(origin === null ? {} : { origin }),
      perMessageDeflate: options.perMessageDeflate ?? false,
    });
    // Messages can follow the handshake immediately; attach the queue before 'open' resolves.
    const client = new TestClient(socket);
    return new Promise((resolve, reject) => {
      socket.on('upgrade', (response: IncomingMessage) => {
        client.upgradeHeaders = response.headers;
      });
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response: IncomingMessage) => {
        reject(new UpgradeRefused(response.statusCode ?? 0));
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  sendBinary(bytes: Uint8Array): void {
    this.socket.send(bytes, { binary: true });
  }

  /** The next server message, or a failure if the socket closes or nothing arrives in time. */
  next(timeoutMs = 5_000): Promise<ServerMessage> {
    const queued = this.#queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.#isClosed) return Promise.reject(new Error('socket closed with no further message'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no server message within ${timeoutMs} ms`)), timeoutMs);
      this.#waiters.push((message) => {
        clearTimeout(timer);
        if (message === null) reject(new Error('socket closed with no further message'));
        else resolve(message);
      });
    });
  }

  /** Authenticates (credential omitted when undefined) and returns the first reply. */
  async authenticate(credential?: string | null): Promise<ServerMessage> {
    this.send(credential === undefined ? { protocol: 1, type: 'authenticate' } : { protocol: 1, type: 'authenticate', credential });
    return this.next();
  }

  /**
   * Everything received before an `invalid_message` reply to a deliberately
   * bad command: since the bridge answers in order, this proves nothing else was sent.
   */
  async drainUntilBarrier(): Promise<ServerMessage[]> {
    this.send({ protocol: 1, type: 'select_session', slot: 99 });
    const seen: ServerMessage[] = [];
    for (;;) {
      const message = await this.next();
      if (message.type === 'error' && message['error'] === 'slot must be an integer from 0 to 7') return seen;
      seen.push(message);
    }
  }

  get isClosed(): boolean {
    return this.#isClosed;
  }

  close(): void {
    this.socket.close();
  }

  #receive(text: string): void {
    const message = JSON.parse(text) as ServerMessage;
    receivedMessages.push({ text, errors: schemaErrors(message) });
    const waiter = this.#waiters.shift();
    if (waiter) waiter(message);
    else this.#queue.push(message);
  }
}

export class UpgradeRefused extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with HTTP ${status}`);
  }
}

/** One remote authentication attempt from `peer`; the reply and, on success, the open client. */
export async function attemptRemote(port: number, peer: string, credential?: string | null): Promise<{ reply: ServerMessage; client: TestClient }> {
  const client = await TestClient.open(port, { peer });
  const reply = await client.authenticate(credential);
  return { reply, client };
}

/** The admin's view of the pairing secret: the `#pair=` part of the pairing URL. */
export function pairingSecret(pairing: ServerMessage): string {
  return String(pairing['pairing_url']).split('#pair=')[1]!;
}

/** The browser app's socket seam backed by `ws`, sending the Origin a page on this bridge would send. */
export function nodeSocketOpener(port: number, peer?: string) {
  return (url: string, handlers: { opened(): void; received(data: unknown): void; closed(): void }) => {
    const headers: Record<string, string> = peer === undefined ? {} : { 'X-Test-Peer': peer };
    const socket = new WebSocket(url, { origin: `http://127.0.0.1:${port}`, headers });
    socket.on('open', () => handlers.opened());
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      receivedMessages.push({ text, errors: schemaErrors(JSON.parse(text)) });
      handlers.received(text);
    });
    socket.on('close', () => handlers.closed());
    socket.on('error', () => undefined);
    return {
      get isOpen() {
        return socket.readyState === WebSocket.OPEN;
      },
      send: (text: string) => socket.send(text),
      close: () => socket.close(),
    };
  };
}
