import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The shared half of the fake vendor model APIs (fake-anthropic.ts, fake-openai.ts): an HTTP
 * server on 127.0.0.1 at a free port that records every request and answers the agent's turns
 * from a script. The agent CLIs under test believe they talk to their vendor; the test decides
 * exactly what the model "says" and can read back everything the model was told.
 */

/** One tool call the model makes: the tool's name and its input, as the vendor API carries them. */
export interface ScriptedToolCall {
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
  /**
   * Anthropic only: what Claude Code's auto-mode classifier, which runs on the server inside the
   * same request, says of the call (default `not_flagged`); `flagged` makes auto mode refuse it.
   */
  readonly verdict?: 'not_flagged' | 'flagged';
}

/** One model reply: either text that ends the turn, or tool calls the agent runs before asking again. */
export type ScriptedReply = { readonly text: string } | { readonly toolCalls: readonly ScriptedToolCall[] };

/**
 * The replies for one user prompt: the first request after the user typed a prompt containing
 * `prompt` gets `replies[0]`, the next request of that turn (carrying the tool results)
 * `replies[1]`, and so on. Past the end the model says `Done.`.
 */
export interface ScriptedTurn {
  readonly prompt: string;
  readonly replies: readonly ScriptedReply[];
}

/** A request the fake received, body parsed when it was JSON. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
}

/** What the agent sent back for one tool call: the text the model is told. */
export interface ToolResult {
  /** The id of the call in the vendor's terms (`tool_use_id`, `call_id`). */
  readonly callId: string;
  readonly text: string;
  readonly isError: boolean;
}

/** How one vendor's wire format reads requests and writes replies. */
export interface VendorDialect {
  /** True for a request of the agent's main loop (the one that carries the user's prompts). */
  isTurnRequest(request: RecordedRequest): boolean;
  /** The texts the user typed, oldest first, as the request carries the conversation. */
  userTexts(body: unknown): string[];
  /** Every tool result the request carries. */
  toolResults(body: unknown): ToolResult[];
  /** Writes `reply` as the vendor would (the n-th reply of the whole run: ids stay unique). */
  answer(request: RecordedRequest, reply: ScriptedReply, n: number, response: ServerResponse): void;
  /** A request outside the main loop (titles, summaries …): a short plain answer. */
  answerAside(request: RecordedRequest, response: ServerResponse): void;
}

export class FakeModelApi {
  readonly requests: RecordedRequest[] = [];
  readonly #served = new Map<ScriptedTurn, number>();
  #replies = 0;

  private constructor(
    private readonly server: Server,
    private readonly dialect: VendorDialect,
    private readonly turns: readonly ScriptedTurn[],
  ) {}

  static async start(dialect: VendorDialect, turns: readonly ScriptedTurn[]): Promise<FakeModelApi> {
    let api: FakeModelApi | null = null;
    const server = createServer((request, response) => api?.handle(request, response));
    api = new FakeModelApi(server, dialect, turns);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return api;
  }

  /** `http://127.0.0.1:<port>`. */
  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Requests of the agent's main loop, in arrival order. */
  turnRequests(): RecordedRequest[] {
    return this.requests.filter((request) => this.dialect.isTurnRequest(request));
  }

  /** Every tool result the agent reported, once each, in the order they first appeared. */
  toolResults(): ToolResult[] {
    const seen = new Map<string, ToolResult>();
    for (const request of this.turnRequests())
      for (const result of this.dialect.toolResults(request.body)) if (!seen.has(result.callId)) seen.set(result.callId, result);
    return [...seen.values()];
  }

  /** How many replies of the turn for `prompt` were served so far. */
  served(prompt: string): number {
    const turn = this.turns.find((t) => t.prompt === prompt);
    return turn === undefined ? 0 : (this.#served.get(turn) ?? 0);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Kept as text.
      }
      const recorded: RecordedRequest = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      this.requests.push(recorded);
      if (!this.dialect.isTurnRequest(recorded)) {
        this.dialect.answerAside(recorded, response);
        return;
      }
      this.dialect.answer(recorded, this.nextReply(recorded.body), (this.#replies += 1), response);
    });
  }

  /** The next reply of the turn of the latest scripted prompt in the conversation. */
  private nextReply(body: unknown): ScriptedReply {
    const texts = this.dialect.userTexts(body).reverse();
    const turn = texts.map((text) => this.turns.find((t) => text.includes(t.prompt))).find((t) => t !== undefined);
    if (turn === undefined) return { text: 'Done.' };
    const index = this.#served.get(turn) ?? 0;
    this.#served.set(turn, index + 1);
    return turn.replies[index] ?? { text: 'Done.' };
  }
}

/** Writes server-sent events: `event: <name>` plus one JSON `data:` line each. */
export function writeEvents(response: ServerResponse, events: readonly { readonly type: string }[]): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const event of events) response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  response.end();
}

/** Writes server-sent events with `data:` lines only (Gemini's and OpenAI Chat Completions' streams); a string is sent as it is (`[DONE]`). */
export function writeDataEvents(response: ServerResponse, payloads: readonly (object | string)[]): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const payload of payloads) response.write(`data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`);
  response.end();
}

export function writeJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text of a content value that is a string or a list of `{type, text}` blocks. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((block) => (isRecord(block) && typeof block['text'] === 'string' ? block['text'] : '')).join('');
}
