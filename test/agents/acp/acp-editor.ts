import type { Readable } from 'node:stream';
import { until } from '../shared/fake-daemon.js';

/*
 * The editor of the proxy tests: a scripted ACP client of our own, speaking raw NDJSON so each
 * test decides exactly what is written and sees exactly what arrives (every line, as read).
 */

export type Json = Record<string, unknown>;

/** One line the editor read: its text and, when it is JSON, its value. */
export interface ReadLine {
  readonly text: string;
  readonly message: Json | null;
}

export interface AgentRequest {
  readonly id: number | string;
  readonly method: string;
  readonly params: Json;
}

export class ScriptedEditor {
  readonly lines: ReadLine[] = [];
  #buffer = '';
  #nextId = 0;
  #closed = false;

  constructor(
    private readonly write: (text: string) => void,
    output: Readable,
  ) {
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => this.#read(chunk));
    output.on('end', () => (this.#closed = true));
  }

  /** True once the proxy's stdout ended. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Sends a request and resolves with its whole answer (`result` or `error`). */
  async request(method: string, params: Json, timeoutMs = 30_000): Promise<Json> {
    const id = this.#nextId;
    this.#nextId += 1;
    this.send({ jsonrpc: '2.0', id, method, params });
    return this.untilMessage((m) => m['id'] === id && m['method'] === undefined, `the answer to ${method} (id ${id})`, timeoutMs);
  }

  /** Sends a request without waiting; returns its id. */
  requestLater(method: string, params: Json): number {
    const id = this.#nextId;
    this.#nextId += 1;
    this.send({ jsonrpc: '2.0', id, method, params });
    return id;
  }

  notify(method: string, params: Json): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  respond(id: number | string, result: unknown): void {
    this.send({ jsonrpc: '2.0', id, result });
  }

  send(message: Json): void {
    this.writeRaw(`${JSON.stringify(message)}\n`);
  }

  writeRaw(text: string): void {
    this.write(text);
  }

  /** The next request of `method` the agent sent (the first not handed out before). */
  async agentRequest(method: string, timeoutMs = 30_000): Promise<AgentRequest> {
    const seen = this.#handedOut.get(method) ?? 0;
    let found: Json | undefined;
    await until(
      () => {
        found = this.messages().filter((m) => m['method'] === method && m['id'] !== undefined)[seen];
        return found !== undefined;
      },
      `the agent's request ${method}`,
      timeoutMs,
      10,
    );
    this.#handedOut.set(method, seen + 1);
    const message = found as Json;
    return { id: message['id'] as number | string, method, params: message['params'] as Json };
  }

  readonly #handedOut = new Map<string, number>();

  /** Every message read, in order. */
  messages(): Json[] {
    return this.lines.flatMap((line) => (line.message === null ? [] : [line.message]));
  }

  async untilMessage(check: (message: Json) => boolean, what: string, timeoutMs = 30_000): Promise<Json> {
    let found: Json | undefined;
    await until(
      () => {
        found = this.messages().find(check);
        return found !== undefined;
      },
      what,
      timeoutMs,
      10,
    );
    return found as Json;
  }

  /** The `$/cancel_request` notifications that named `id`. */
  cancelsOf(id: number | string): Json[] {
    return this.messages().filter((m) => m['method'] === '$/cancel_request' && (m['params'] as Json | undefined)?.['requestId'] === id);
  }

  /** The text of the agent's message chunks, joined. */
  agentText(): string {
    return this.messages()
      .filter((m) => m['method'] === 'session/update')
      .map((m) => ((m['params'] as Json)['update'] as Json)['content'] as Json | undefined)
      .map((content) => (typeof content?.['text'] === 'string' ? content['text'] : ''))
      .join('');
  }

  #read(chunk: string): void {
    this.#buffer += chunk;
    for (let lf = this.#buffer.indexOf('\n'); lf >= 0; lf = this.#buffer.indexOf('\n')) {
      const text = this.#buffer.slice(0, lf);
      this.#buffer = this.#buffer.slice(lf + 1);
      let message: Json | null = null;
      try {
        const value: unknown = JSON.parse(text);
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) message = value as Json;
      } catch {
        // Kept as text.
      }
      this.lines.push({ text, message });
    }
  }
}

/** The steps every session starts with: initialize, then session/new in `cwd`; resolves with the session id. */
export async function openSession(editor: ScriptedEditor, cwd: string, timeoutMs = 30_000): Promise<string> {
  const init = await editor.request(
    'initialize',
    { protocolVersion: 1, clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false, elicitation: { form: {} } } },
    timeoutMs,
  );
  if (init['error'] !== undefined) throw new Error(`initialize failed: ${JSON.stringify(init['error'])}`);
  const session = await editor.request('session/new', { cwd, mcpServers: [] }, timeoutMs);
  const result = session['result'] as Json | undefined;
  if (typeof result?.['sessionId'] !== 'string') throw new Error(`session/new failed: ${JSON.stringify(session)}`);
  return result['sessionId'];
}

/** Starts a prompt without waiting for its end; returns the request id. */
export function prompt(editor: ScriptedEditor, sessionId: string, text: string): number {
  return editor.requestLater('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
}
