import {
  FakeModelApi,
  isRecord,
  writeDataEvents,
  writeJson,
  type RecordedRequest,
  type ScriptedReply,
  type ScriptedTurn,
  type ToolResult,
  type VendorDialect,
} from './fake-model-api.js';

/*
 * A fake of the Gemini API (POST /v1beta/models/<model>:streamGenerateContent?alt=sse, and
 * :generateContent / :countTokens), enough for Gemini CLI 0.61: point GOOGLE_GEMINI_BASE_URL at
 * `origin`. Requests that declare functions are Gemini CLI's main loop; its side requests (the
 * model-routing classifier, next-speaker checks) ask for JSON and get a JSON object.
 */

/** A call of Gemini CLI's shell tool. */
export function runShellCommand(command: string, description = 'Run a command'): ScriptedReply {
  return { toolCalls: [{ name: 'run_shell_command', input: { command, description } }] };
}

export function startFakeGemini(turns: readonly ScriptedTurn[]): Promise<FakeModelApi> {
  return FakeModelApi.start(geminiDialect, turns);
}

const geminiDialect: VendorDialect = {
  isTurnRequest(request) {
    return isGenerateCall(request) && functionsOf(request.body).length > 0;
  },

  userTexts(body) {
    const texts: string[] = [];
    for (const content of contentsOf(body)) {
      if (content['role'] !== 'user') continue;
      const text = partsOf(content)
        .map((part) => (typeof part['text'] === 'string' ? part['text'] : ''))
        .join('');
      if (text !== '') texts.push(text);
    }
    return texts;
  },

  toolResults(body) {
    const results: ToolResult[] = [];
    for (const content of contentsOf(body)) {
      for (const part of partsOf(content)) {
        const call = part['functionResponse'];
        if (!isRecord(call)) continue;
        const response = isRecord(call['response']) ? call['response'] : {};
        const isError = typeof response['error'] === 'string';
        results.push({ callId: String(call['id'] ?? call['name']), text: String(isError ? response['error'] : (response['output'] ?? '')), isError });
      }
    }
    return results;
  },

  answer(request, reply, n, response) {
    const parts =
      'text' in reply
        ? [{ text: reply.text }]
        : reply.toolCalls.map((call, i) => ({ functionCall: { name: call.name, args: call.input, id: `call_${n}_${i}` } }));
    send(request, response, candidate(parts, n));
  },

  answerAside(request, response) {
    if (/:countTokens/.test(request.url)) {
      writeJson(response, 200, { totalTokens: 10 });
      return;
    }
    if (!isGenerateCall(request)) {
      writeJson(response, 404, { error: { message: `the fake serves only Gemini generate calls, not ${request.method} ${request.url}` } });
      return;
    }
    // The routing classifier and the next-speaker check want JSON; one object satisfies both.
    const text = JSON.stringify({ reasoning: 'scripted', next_speaker: 'user', complexity_reasoning: 'simple', complexity_score: 1 });
    send(request, response, candidate([{ text }], 0));
  },
};

function candidate(parts: readonly Record<string, unknown>[], n: number): Record<string, unknown> {
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    responseId: `resp_${n}`,
  };
}

function send(request: RecordedRequest, response: Parameters<VendorDialect['answer']>[3], chunk: Record<string, unknown>): void {
  if (/:streamGenerateContent/.test(request.url)) writeDataEvents(response, [chunk]);
  else writeJson(response, 200, chunk);
}

function isGenerateCall(request: RecordedRequest): boolean {
  return request.method === 'POST' && /\/models\/[^/:]+:(stream)?[gG]enerateContent/.test(request.url);
}

function functionsOf(body: unknown): unknown[] {
  if (!isRecord(body) || !Array.isArray(body['tools'])) return [];
  return body['tools'].flatMap((tool) => (isRecord(tool) && Array.isArray(tool['functionDeclarations']) ? tool['functionDeclarations'] : []));
}

function contentsOf(body: unknown): Record<string, unknown>[] {
  return isRecord(body) && Array.isArray(body['contents']) ? body['contents'].filter(isRecord) : [];
}

function partsOf(content: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(content['parts']) ? content['parts'].filter(isRecord) : [];
}
