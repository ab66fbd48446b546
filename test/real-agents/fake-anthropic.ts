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
 * A fake of Anthropic's Messages API (POST /v1/messages, streamed as server-sent events), enough
 * for Claude Code: point ANTHROPIC_BASE_URL at `origin` and set any ANTHROPIC_API_KEY. Requests of
 * Claude Code's main loop (those offering the Bash tool) are answered from the script; its side
 * requests (titles, summaries) get a short text.
 *
 * It also plays auto mode's classifier, which Claude Code 2.1.332 asks for inside the main-loop
 * request itself: every tool call gets a verdict in `message_delta.delta.safeguard_results`
 * (`not_flagged` unless the script says `flagged`). Without verdicts auto mode would stop at
 * "Auto mode can't check actions in this session" for every call that needs a check.
 */

const FLAG_EXPLANATION = 'The fake classifier refuses this call.';

const MODEL = 'claude-sonnet-4-5';

/** A Bash tool call as Claude Code's Bash tool takes it. */
export function bash(command: string, description = 'Run a command'): ScriptedReply {
  return { toolCalls: [{ name: 'Bash', input: { command, description } }] };
}

export function startFakeAnthropic(turns: readonly ScriptedTurn[]): Promise<FakeModelApi> {
  return FakeModelApi.start(anthropicDialect, turns);
}

const anthropicDialect: VendorDialect = {
  isTurnRequest(request) {
    return (
      isMessagesCall(request) &&
      isRecord(request.body) &&
      Array.isArray(request.body['tools']) &&
      request.body['tools'].some((tool) => isRecord(tool) && tool['name'] === 'Bash')
    );
  },

  userTexts(body) {
    const texts: string[] = [];
    for (const message of messagesOf(body)) {
      if (message['role'] !== 'user') continue;
      const content = message['content'];
      if (typeof content === 'string') texts.push(content);
      else if (Array.isArray(content))
        for (const block of content) if (isRecord(block) && block['type'] === 'text' && typeof block['text'] === 'string') texts.push(block['text']);
    }
    return texts;
  },

  toolResults(body) {
    const results: ToolResult[] = [];
    for (const message of messagesOf(body)) {
      const content = message['content'];
      if (!Array.isArray(content)) continue;
      for (const block of content) {
        if (!isRecord(block) || block['type'] !== 'tool_result') continue;
        results.push({ callId: String(block['tool_use_id']), text: textOf(block['content']), isError: block['is_error'] === true });
      }
    }
    return results;
  },

  answer(request, reply, n, response) {
    if ('text' in reply) return send(request, response, `msg_${n}`, [{ type: 'text', text: reply.text }], 'end_turn');
    const blocks: Block[] = reply.toolCalls.map((call, i) => ({ type: 'tool_use', id: `toolu_${n}_${i}`, name: call.name, input: call.input }));
    const verdicts = Object.fromEntries(
      reply.toolCalls.map((call, i) => [
        `toolu_${n}_${i}`,
        call.verdict === 'flagged' ? { type: 'evaluated', outcome: 'flagged', explanation: FLAG_EXPLANATION } : { type: 'evaluated', outcome: 'not_flagged' },
      ]),
    );
    send(request, response, `msg_${n}`, blocks, 'tool_use', [{ type: 'dangerous_tool_use', status: { type: 'available', tool_uses: verdicts } }]);
  },

  answerAside(request, response) {
    if (!isMessagesCall(request)) {
      writeJson(response, 404, { type: 'error', error: { type: 'not_found_error', message: `the fake serves only /v1/messages, not ${request.url}` } });
      return;
    }
    send(request, response, 'msg_aside', [{ type: 'text', text: 'OK' }], 'end_turn');
  },
};

function isMessagesCall(request: RecordedRequest): boolean {
  return request.method === 'POST' && /^\/v1\/messages(\?|$)/.test(request.url);
}

function messagesOf(body: unknown): Record<string, unknown>[] {
  return isRecord(body) && Array.isArray(body['messages']) ? body['messages'].filter(isRecord) : [];
}

type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Readonly<Record<string, unknown>> };

/** One assistant message, streamed (message_start … message_stop) or whole, as the request asked; with the classifier's verdicts, if any. */
function send(request: RecordedRequest, response: ServerResponse, id: string, blocks: readonly Block[], stopReason: string, safeguards?: unknown): void {
  const usage = { input_tokens: 10, output_tokens: 5 };
  const verdicts = safeguards === undefined ? {} : { safeguard_results: safeguards };
  if (!(isRecord(request.body) && request.body['stream'] === true)) {
    const message = { id, type: 'message', role: 'assistant', model: MODEL, content: blocks, stop_reason: stopReason, stop_sequence: null, usage, ...verdicts };
    writeJson(response, 200, message);
    return;
  }
  const events: { type: string; [key: string]: unknown }[] = [
    {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: MODEL,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    },
  ];
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
    } else {
      events.push({ type: 'content_block_start', index, content_block: { ...block, input: {} } });
      events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
    }
    events.push({ type: 'content_block_stop', index });
  });
  events.push({ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null, ...verdicts }, usage: { output_tokens: 5 } });
  events.push({ type: 'message_stop' });
  writeEvents(response, events);
}
