import type { ServerResponse } from 'node:http';
import {
  FakeModelApi,
  isRecord,
  textOf,
  writeJson,
  type RecordedRequest,
  type ScriptedReply,
  type ScriptedTurn,
  type ToolResult,
  type VendorDialect,
} from './fake-model-api.js';

/*
 * A fake of OpenAI's Chat Completions API (POST /v1/chat/completions, streamed as server-sent
 * `data:` lines ending in `[DONE]`, or plain JSON), which opencode 1.18.33 speaks to an
 * `@ai-sdk/openai-compatible` provider. A request that offers tools is the main loop; the others
 * (the session title) get a short answer outside the script.
 */

/** opencode's shell tool. */
export function bashCommand(command: string): ScriptedReply {
  return { toolCalls: [{ name: 'bash', input: { command, description: 'Run the command' } }] };
}

export function startFakeOpenAiChat(turns: readonly ScriptedTurn[]): Promise<FakeModelApi> {
  return FakeModelApi.start(chatDialect, turns);
}

const chatDialect: VendorDialect = {
  isTurnRequest(request) {
    return isChatCall(request) && isRecord(request.body) && Array.isArray(request.body['tools']) && request.body['tools'].length > 0;
  },

  userTexts(body) {
    return messagesOf(body)
      .filter((message) => message['role'] === 'user')
      .map((message) => textOf(message['content']));
  },

  toolResults(body) {
    return messagesOf(body)
      .filter((message) => message['role'] === 'tool')
      .map((message): ToolResult => ({ callId: String(message['tool_call_id']), text: textOf(message['content']), isError: false }));
  },

  answer(request, reply, n, response) {
    send(request, response, n, reply);
  },

  answerAside(request, response) {
    if (request.method === 'GET' && /\/models\/?(\?|$)/.test(request.url)) {
      writeJson(response, 200, { object: 'list', data: [{ id: 'gpt-test', object: 'model', created: 0, owned_by: 'fake' }] });
      return;
    }
    if (!isChatCall(request)) {
      writeJson(response, 404, { error: { message: `the fake serves only POST /v1/chat/completions, not ${request.method} ${request.url}` } });
      return;
    }
    send(request, response, 0, { text: 'Scripted title' });
  },
};

function isChatCall(request: RecordedRequest): boolean {
  return request.method === 'POST' && /\/chat\/completions(\?|$)/.test(request.url);
}

function messagesOf(body: unknown): Record<string, unknown>[] {
  return isRecord(body) && Array.isArray(body['messages']) ? body['messages'].filter(isRecord) : [];
}

function send(request: RecordedRequest, response: ServerResponse, n: number, reply: ScriptedReply): void {
  const id = `chatcmpl_${n}`;
  const created = Math.floor(Date.now() / 1000);
  const model = isRecord(request.body) && typeof request.body['model'] === 'string' ? request.body['model'] : 'gpt-test';
  const toolCalls =
    'text' in reply
      ? null
      : reply.toolCalls.map((call, i) => ({
          index: i,
          id: `call_${n}_${i}`,
          type: 'function',
          function: { name: call.name, arguments: JSON.stringify(call.input) },
        }));
  const finish = toolCalls === null ? 'stop' : 'tool_calls';
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  if (!isRecord(request.body) || request.body['stream'] !== true) {
    const message =
      toolCalls === null
        ? { role: 'assistant', content: 'text' in reply ? reply.text : '' }
        : { role: 'assistant', content: null, tool_calls: toolCalls.map(({ index: _, ...call }) => call) };
    writeJson(response, 200, { id, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: finish }], usage });
    return;
  }
  const chunk = (choices: unknown[], extra: object = {}) => ({ id, object: 'chat.completion.chunk', created, model, choices, ...extra });
  const delta = toolCalls === null ? { content: 'text' in reply ? reply.text : '' } : { tool_calls: toolCalls };
  const events = [
    chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]),
    chunk([{ index: 0, delta, finish_reason: null }]),
    chunk([{ index: 0, delta: {}, finish_reason: finish }]),
    chunk([], { usage }),
  ];
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.end(`${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')}data: [DONE]\n\n`);
}
