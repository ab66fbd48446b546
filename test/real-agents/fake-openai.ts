import type { ServerResponse } from 'node:http';
import {
  FakeModelApi,
  isRecord,
  textOf,
  writeEvents,
  writeJson,
  type RecordedRequest,
  type ScriptedReply,
  type ScriptedTurn,
  type ToolResult,
  type VendorDialect,
} from './fake-model-api.js';

/*
 * A fake of OpenAI's Responses API (POST /v1/responses, streamed as server-sent events), the only
 * wire API Codex 0.17x speaks to a custom `model_providers` entry (`wire_api = "responses"`,
 * `base_url = <origin>/v1`). Requests that offer the shell tool are Codex's main loop; the others
 * (the thread title Codex asks for, as JSON) get a short answer outside the script.
 */

/**
 * Codex's shell tool (`exec_command`). `escalated` asks to run outside the sandbox, which in the
 * default approval policy makes Codex ask for approval (a PermissionRequest hook); without it the
 * command runs in Codex's sandbox without asking.
 */
export function execCommand(cmd: string, options: { escalated?: boolean; justification?: string } = {}): ScriptedReply {
  const input: Record<string, unknown> = { cmd };
  if (options.escalated === true) {
    input['sandbox_permissions'] = 'require_escalated';
    input['justification'] = options.justification ?? 'Run a command';
  }
  return { toolCalls: [{ name: 'exec_command', input }] };
}

export function startFakeOpenAi(turns: readonly ScriptedTurn[]): Promise<FakeModelApi> {
  return FakeModelApi.start(openAiDialect, turns);
}

const openAiDialect: VendorDialect = {
  isTurnRequest(request) {
    return (
      isResponsesCall(request) &&
      isRecord(request.body) &&
      Array.isArray(request.body['tools']) &&
      request.body['tools'].some((tool) => isRecord(tool) && tool['name'] === 'exec_command')
    );
  },

  userTexts(body) {
    const texts: string[] = [];
    for (const item of inputOf(body)) if (item['type'] === 'message' && item['role'] === 'user') texts.push(textOf(item['content']));
    return texts;
  },

  toolResults(body) {
    const results: ToolResult[] = [];
    for (const item of inputOf(body)) {
      if (item['type'] !== 'function_call_output') continue;
      const output = item['output'];
      results.push({ callId: String(item['call_id']), text: typeof output === 'string' ? output : textOf(output), isError: false });
    }
    return results;
  },

  answer(_request, reply, n, response) {
    const items =
      'text' in reply
        ? [{ type: 'message', role: 'assistant', id: `msg_${n}`, status: 'completed', content: [{ type: 'output_text', text: reply.text, annotations: [] }] }]
        : reply.toolCalls.map((call, i) => ({
            type: 'function_call',
            id: `fc_${n}_${i}`,
            call_id: `call_${n}_${i}`,
            name: call.name,
            arguments: JSON.stringify(call.input),
          }));
    send(response, `resp_${n}`, items);
  },

  answerAside(request, response) {
    if (!isResponsesCall(request)) {
      writeJson(response, 404, { error: { message: `the fake serves only POST /v1/responses, not ${request.method} ${request.url}` } });
      return;
    }
    send(response, 'resp_aside', [
      {
        type: 'message',
        role: 'assistant',
        id: 'msg_aside',
        status: 'completed',
        content: [{ type: 'output_text', text: '{"title":"Scripted task"}', annotations: [] }],
      },
    ]);
  },
};

function isResponsesCall(request: RecordedRequest): boolean {
  return request.method === 'POST' && /\/responses(\?|$)/.test(request.url);
}

function inputOf(body: unknown): Record<string, unknown>[] {
  return isRecord(body) && Array.isArray(body['input']) ? body['input'].filter(isRecord) : [];
}

function send(response: ServerResponse, id: string, items: readonly Record<string, unknown>[]): void {
  const events: { type: string; [key: string]: unknown }[] = [{ type: 'response.created', response: { id } }];
  items.forEach((item, index) => {
    events.push({ type: 'response.output_item.added', output_index: index, item });
    events.push({ type: 'response.output_item.done', output_index: index, item });
  });
  events.push({
    type: 'response.completed',
    response: { id, usage: { input_tokens: 10, input_tokens_details: null, output_tokens: 5, output_tokens_details: null, total_tokens: 15 } },
  });
  writeEvents(response, events);
}
