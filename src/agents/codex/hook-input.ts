import { makeIdentity, type AgentIdentity } from '../../domain/index.js';
import { isCodexHookEvent, type CodexHookEvent } from './hook-events.js';

/** What the Codex hook uses from one event (agent-adapters.md §A.3): the rest of the input is ignored. */
export interface CodexHookInput {
  readonly event: CodexHookEvent;
  readonly identity: AgentIdentity;
  /** Display metadata: `cwd` and `model` when they are non-empty strings. */
  readonly cwd: string | null;
  readonly model: string | null;
  /** PermissionRequest: the tool and its input, for the pad's description of the request. */
  readonly toolName: string | null;
  readonly toolInput: unknown;
}

/**
 * Parses stdin once, at the edge. Null — "do nothing" — for anything that is
 * not UTF-8 JSON whose top level is an object, for an event outside the
 * five, and for a missing or non-string or empty `session_id` (§A.4 body
 * steps 1–3). Any other member, present or not, is tolerated.
 */
export function parseCodexHookInput(bytes: Uint8Array): CodexHookInput | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const input = parsed as Record<string, unknown>;
  const event = input['hook_event_name'];
  if (!isCodexHookEvent(event)) return null;
  const sessionId = input['session_id'];
  if (typeof sessionId !== 'string' || sessionId === '') return null;
  return {
    event,
    identity: makeIdentity('codex', sessionId),
    cwd: nonEmptyString(input['cwd']),
    model: nonEmptyString(input['model']),
    toolName: nonEmptyString(input['tool_name']),
    toolInput: input['tool_input'],
  };
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
