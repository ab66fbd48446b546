import {
  FakeModelApi,
  isRecord,
  textOf,
  writeDataEvents,
  writeJson,
  type RecordedRequest,
  type ScriptedReply,
  type ScriptedTurn,
  type ToolResult,
  type VendorDialect,
} from './fake-model-api.js';

/*
 * A fake of OpenAI's Chat Completions API (POST /v1/chat/completions, streamed or not, and
 * GET /v1/models): the wire API Copilot CLI's BYOK provider speaks by default and opencode's
 * `@ai-sdk/openai-compatible` provider speaks. Requests that offer tools are the agent's main
 * loop; the others (session titles) get a short text.
 */

/** A call of the `bash` tool Copilot CLI and opencode both offer. */
export function bashTool(command: string, description = 'Run a command'): ScriptedReply {
  return { toolCalls: [{ name: 'bash', input: { command, description } }] };
}

export const CHAT_MODEL = 'gpt-test';

export function startFakeChatCompletions(turns: readonly ScriptedTurn[]): Promise<FakeModelApi> {
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
    const results: ToolResult[] = [];
    for (const message of messagesOf(body)) {
      if (message['role'] !== 'tool') continue;
      results.push({ callId: String(message['tool_call_id']), text: textOf(message['content']), isError: false });
    }
    return results;
  },

  answer(request, reply, n, response) {
    const toolCalls =
      'text' in reply
        ? null
        : reply.toolCalls.map((call, i) => ({
            index: i,
            id: `call_${n}_${i}`,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.input) },
          }));
    send(request, response, n, 'text' in reply ? reply.text : null, toolCalls);
  },

  answerAside(request, response) {
    if (request.method === 'GET' && /\/models\/?(\?|$)/.test(request.url)) {
      writeJson(response, 200, { object: 'list', data: [{ id: CHAT_MODEL, object: 'model', created: 0, owned_by: 'fake' }] });
      return;
    }
    if (!isChatCall(request)) {
      writeJson(response, 404, { error: { message: `the fake serves only chat completions, not ${request.method} ${request.url}` } });
      return;
    }
    send(request, response, 0, 'Scripted title', null);
  },
};

function send(request: RecordedRequest, response: Parameters<VendorDialect['answer']>[3], n: number, text: string | null, toolCalls: unknown[] | null): void {
  const id = `chatcmpl_${n}`;
  const created = Math.floor(Date.now() / 1000);
  const finish = toolCalls === null ? 'stop' : 'tool_calls';
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  if (!isRecord(request.body) || request.body['stream'] !== true) {
    const calls = toolCalls?.map((call) => {
      const { index: _index, ...rest } = call as Record<string, unknown>;
      return rest;
    });
    const message = { role: 'assistant', content: text, ...(calls === undefined ? {} : { tool_calls: calls }) };
    writeJson(response, 200, { id, object: 'chat.completion', created, model: CHAT_MODEL, choices: [{ index: 0, message, finish_reason: finish }], usage });
    return;
  }
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: CHAT_MODEL,
    choices,
    ...extra,
  });
  writeDataEvents(response, [
    chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]),
    chunk([{ index: 0, delta: toolCalls === null ? { content: text } : { tool_calls: toolCalls }, finish_reason: null }]),
    chunk([{ index: 0, delta: {}, finish_reason: finish }]),
    chunk([], { usage }),
    '[DONE]',
  ]);
}

function isChatCall(request: RecordedRequest): boolean {
  return request.method === 'POST' && /\/chat\/completions(\?|$)/.test(request.url);
}

function messagesOf(body: unknown): Record<string, unknown>[] {
  return isRecord(body) && Array.isArray(body['messages']) ? body['messages'].filter(isRecord) : [];
}
