import type { ServerResponse } from 'node:http';
import {
  FakeModelApi,
  isRecord,
  writeJson,
  type RecordedRequest,
  type ScriptedReply,
  type ScriptedTurn,
  type ToolResult,
  type VendorDialect,
} from './fake-model-api.js';

/*
 * A fake of the Gemini API as Gemini CLI 0.61.0 calls it with GOOGLE_GEMINI_BASE_URL set:
 * POST /v1beta/models/<model>:streamGenerateContent?alt=sse (server-sent `data:` lines) for its
 * main loop, :generateContent for side requests (the model-routing classifier asks for JSON),
 * :countTokens. A request that declares functions is the main loop.
 */

/** Gemini CLI's shell tool. */
export function runShellCommand(command: string): ScriptedReply {
  return { toolCalls: [{ name: 'run_shell_command', input: { command, description: 'Run the command' } }] };
}

export function startFakeGemini(turns: readonly ScriptedTurn[]): Promise<FakeModelApi> {
  return FakeModelApi.start(geminiDialect, turns);
}

const METHOD = /\/models\/[^/:]+:(\w+)/;

const geminiDialect: VendorDialect = {
  isTurnRequest(request) {
    return methodOf(request) !== null && functionsOf(request.body) > 0;
  },

  userTexts(body) {
    return contentsOf(body)
      .filter((content) => content['role'] === 'user')
      .map((content) =>
        partsOf(content)
          .map((part) => (typeof part['text'] === 'string' ? part['text'] : ''))
          .join(''),
      );
  },

  toolResults(body) {
    const results: ToolResult[] = [];
    for (const content of contentsOf(body))
      for (const part of partsOf(content)) {
        const response = part['functionResponse'];
        if (!isRecord(response)) continue;
        const output = isRecord(response['response']) ? response['response'] : {};
        results.push({ callId: String(response['id'] ?? response['name']), text: JSON.stringify(output), isError: 'error' in output });
      }
    return results;
  },

  answer(request, reply, n, response) {
    const parts =
      'text' in reply
        ? [{ text: reply.text }]
        : reply.toolCalls.map((call, i) => ({ functionCall: { name: call.name, args: call.input, id: `call_${n}_${i}` } }));
    send(request, response, parts);
  },

  answerAside(request, response) {
    const method = methodOf(request);
    if (method === null) {
      writeJson(response, 404, { error: { message: `the fake serves only the Gemini models API, not ${request.method} ${request.url}` } });
      return;
    }
    if (method === 'countTokens') {
      writeJson(response, 200, { totalTokens: 10 });
      return;
    }
    // The routing classifier (and other helpers) ask for JSON that fits their schema; one object fits them all.
    const config = isRecord(request.body) && isRecord(request.body['generationConfig']) ? request.body['generationConfig'] : {};
    const wantsJson = config['responseMimeType'] === 'application/json';
    const text = wantsJson ? JSON.stringify({ complexity_reasoning: 'scripted', complexity_score: 1, next_speaker: 'user', reasoning: 'scripted' }) : 'OK';
    send(request, response, [{ text }]);
  },
};

function methodOf(request: RecordedRequest): string | null {
  return request.method === 'POST' ? (METHOD.exec(request.url)?.[1] ?? null) : null;
}

function functionsOf(body: unknown): number {
  if (!isRecord(body) || !Array.isArray(body['tools'])) return 0;
  return body['tools'].reduce(
    (sum: number, tool) => sum + (isRecord(tool) && Array.isArray(tool['functionDeclarations']) ? tool['functionDeclarations'].length : 0),
    0,
  );
}

function contentsOf(body: unknown): Record<string, unknown>[] {
  return isRecord(body) && Array.isArray(body['contents']) ? body['contents'].filter(isRecord) : [];
}

function partsOf(content: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(content['parts']) ? content['parts'].filter(isRecord) : [];
}

/** One candidate holding `parts`: a single SSE event for the streaming method, else plain JSON. */
function send(request: RecordedRequest, response: ServerResponse, parts: readonly object[]): void {
  const chunk = {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
  };
  if (methodOf(request) !== 'streamGenerateContent') {
    writeJson(response, 200, chunk);
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.end(`data: ${JSON.stringify(chunk)}\n\n`);
}
