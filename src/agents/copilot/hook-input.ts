import { isRecord, nonEmptyString, parseJsonObject } from '../shared/json-object.js';
import { isCopilotHookEvent, type CopilotHookEvent } from './hook-events.js';

/** What the Copilot hook uses from one event; the rest of the payload is ignored. */
export interface CopilotHookInput {
  readonly event: CopilotHookEvent;
  readonly sessionId: string;
  readonly cwd: string | null;
  readonly toolName: string | null;
  /** permissionRequest's `toolInput` (postToolUse's `toolArgs`). */
  readonly toolInput: unknown;
  readonly notificationType: string | null;
}

/**
 * Parses stdin once, at the edge: null for anything but a UTF-8 JSON object
 * with a non-empty `sessionId`, or when `event` is not one of ours.
 */
export function parseCopilotHookInput(bytes: Uint8Array, event: string | undefined): CopilotHookInput | null {
  if (!isCopilotHookEvent(event)) return null;
  const record = parseJsonObject(bytes);
  if (record === null) return null;
  const sessionId = nonEmptyString(record['sessionId']);
  if (sessionId === null) return null;
  return {
    event,
    sessionId,
    cwd: nonEmptyString(record['cwd']),
    toolName: nonEmptyString(record['toolName']),
    toolInput: isRecord(record['toolInput']) ? record['toolInput'] : record['toolArgs'],
    notificationType: nonEmptyString(record['notification_type']),
  };
}
