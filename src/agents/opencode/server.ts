import { createParser } from 'eventsource-parser';
import { parseOpencodeEvent, type OpencodeEvent } from './events.js';

/** Bound of one request/answer call to opencode's server. */
const CALL_TIMEOUT_MS = 5_000;
/** How long the event stream may take to answer before it is asked again. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The HTTP server inside the opencode TUI (`opencode --port N`, loopback,
 * HTTP Basic auth with user `opencode` and OPENCODE_SERVER_PASSWORD), as a
 * second client of the same sessions: what the TUI asks arrives as events,
 * and an answer posted here closes the TUI's own dialog.
 */
export class OpencodeServer {
  readonly #authorization: string;

  constructor(
    readonly origin: string,
    password: string,
    username = 'opencode',
  ) {
    this.#authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  }

  /**
   * Reads `GET /event` until it ends or `signal` aborts, handing each event
   * the bridge acts on to `onEvent` (awaited, in order). Rejects when the
   * server cannot be reached or refuses (a wrong password is a 401).
   */
  async readEvents(signal: AbortSignal, onEvent: (event: OpencodeEvent) => Promise<void>, onOpen?: () => Promise<void>): Promise<void> {
    const connection = new AbortController();
    const stop = () => connection.abort();
    signal.addEventListener('abort', stop, { once: true });
    try {
      const body = await this.#openEvents(connection);
      await onOpen?.();
      const pending: OpencodeEvent[] = [];
      const parser = createParser({
        onEvent: (message) => {
          const event = parseOpencodeEvent(message.data);
          if (event !== null) pending.push(event);
        },
      });
      const decoder = new TextDecoder();
      for await (const chunk of body) {
        parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
        for (const event of pending.splice(0)) await onEvent(event);
      }
    } finally {
      signal.removeEventListener('abort', stop);
      connection.abort();
    }
  }

  /** `GET /event`, until its headers came. A request sent while the TUI's server is still starting can stay unanswered for good: it is given up. */
  async #openEvents(connection: AbortController): Promise<ReadableStream<Uint8Array>> {
    const giveUp = setTimeout(() => connection.abort(), CONNECT_TIMEOUT_MS);
    try {
      const response = await fetch(`${this.origin}/event`, {
        headers: { accept: 'text/event-stream', authorization: this.#authorization },
        signal: connection.signal,
      });
      if (!response.ok || response.body === null) throw new Error(`opencode's server answered ${response.status} to GET /event`);
      return response.body;
    } finally {
      clearTimeout(giveUp);
    }
  }

  /** `GET <path>` as JSON; null when the server did not answer 200 with JSON. */
  async get(path: string): Promise<unknown> {
    return this.#call('GET', path);
  }

  /** `POST <path>` with a JSON body; true when the server took it (a request already answered is a 404). */
  async post(path: string, body?: unknown): Promise<boolean> {
    return (await this.#call('POST', path, body)) !== null;
  }

  async #call(method: string, path: string, body?: unknown): Promise<unknown> {
    try {
      const response = await fetch(`${this.origin}${path}`, {
        method,
        headers: { authorization: this.#authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      if (!response.ok) return null;
      const text = await response.text();
      return text === '' ? true : (JSON.parse(text) as unknown);
    } catch {
      return null;
    }
  }
}
