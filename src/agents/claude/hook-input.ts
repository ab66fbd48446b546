/**
 * The Claude Code hook input (agent-adapters.md §B.1.2), parsed once at the
 * edge. Only the members the adapter reads are kept; every other member, and
 * any member of an unexpected type, is tolerated and ignored.
 */
export interface ClaudeHookInput {
  /** Non-empty; an input without one is not a hook input we can act on (§B.4). */
  readonly sessionId: string;
  readonly eventName: string | null;
  /** Non-empty string members, else null. */
  readonly cwd: string | null;
  readonly model: string | null;
  readonly source: string | null;
  readonly toolName: string | null;
  readonly notificationType: string | null;
  /** `default`, `auto`, `acceptEdits`, `plan`, `dontAsk`, `bypassPermissions`; absent on SessionStart, Notification and the Elicitation events. */
  readonly permissionMode: string | null;
  /** PreToolUse, PostToolUse, PostToolUseFailure and PermissionDenied carry it; PermissionRequest does not. */
  readonly toolUseId: string | null;
  /** The raw `tool_input` value; `undefined` when the member is absent. */
  readonly toolInput: unknown;
  /** Elicitation: the MCP server asking, its message, `form` or `url`, and the form's JSON Schema (raw). */
  readonly mcpServerName: string | null;
  readonly message: string | null;
  readonly elicitationMode: string | null;
  readonly requestedSchema: unknown;
  /** PermissionDenied: why auto mode's classifier refused the call. */
  readonly reason: string | null;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Null for invalid UTF-8, invalid JSON, a non-object, or a missing/empty/non-string `session_id`. */
export function parseHookInput(bytes: Uint8Array): ClaudeHookInput | null {
  let value: unknown;
  try {
    value = JSON.parse(STRICT_UTF8.decode(bytes));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const sessionId = nonEmptyString(record['session_id']);
  if (sessionId === null) return null;
  return {
    sessionId,
    eventName: nonEmptyString(record['hook_event_name']),
    cwd: nonEmptyString(record['cwd']),
    model: nonEmptyString(record['model']),
    source: nonEmptyString(record['source']),
    toolName: nonEmptyString(record['tool_name']),
    notificationType: nonEmptyString(record['notification_type']),
    permissionMode: nonEmptyString(record['permission_mode']),
    toolUseId: nonEmptyString(record['tool_use_id']),
    toolInput: Object.hasOwn(record, 'tool_input') ? record['tool_input'] : undefined,
    mcpServerName: nonEmptyString(record['mcp_server_name']),
    message: nonEmptyString(record['message']),
    elicitationMode: nonEmptyString(record['mode']),
    requestedSchema: record['requested_schema'],
    reason: nonEmptyString(record['reason']),
  };
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
