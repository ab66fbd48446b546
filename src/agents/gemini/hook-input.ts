import { nonEmptyString, parseJsonObject } from '../shared/json-object.js';

/**
 * A Gemini CLI hook event (its hooks reference; payloads of Gemini CLI
 * 0.61.0 recorded in test/fixtures/agent-hooks/gemini), parsed once at the
 * edge. Every event carries `session_id`, `cwd` and `hook_event_name`;
 * BeforeTool and AfterTool add `tool_name` and `tool_input` (no tool-call
 * id), Notification `notification_type`. Other members are ignored.
 */
export interface GeminiHookInput {
  readonly sessionId: string;
  readonly eventName: string;
  readonly cwd: string | null;
  readonly toolName: string | null;
  /** The raw `tool_input`; undefined when absent. */
  readonly toolInput: unknown;
  readonly notificationType: string | null;
}

/** Null for anything but a UTF-8 JSON object with non-empty `session_id` and `hook_event_name` strings. */
export function parseGeminiHookInput(bytes: Uint8Array): GeminiHookInput | null {
  const record = parseJsonObject(bytes);
  if (record === null) return null;
  const sessionId = nonEmptyString(record['session_id']);
  const eventName = nonEmptyString(record['hook_event_name']);
  if (sessionId === null || eventName === null) return null;
  return {
    sessionId,
    eventName,
    cwd: nonEmptyString(record['cwd']),
    toolName: nonEmptyString(record['tool_name']),
    toolInput: record['tool_input'],
    notificationType: nonEmptyString(record['notification_type']),
  };
}
