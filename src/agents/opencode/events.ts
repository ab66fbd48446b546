import { z } from 'zod';

/*
 * The events of opencode's server (`GET /event`, server-sent events, one
 * JSON object `{id, type, properties}` each; opencode 1.18.33, recorded in
 * test/fixtures/agent-hooks/opencode) that the bridge acts on, parsed once
 * at the edge. Every other event, and any event of an unexpected shape, is
 * ignored.
 */

const sessionId = z.string().min(1);

const questionOption = z.object({ label: z.string(), description: z.string().optional() });
const questionInfo = z.object({
  question: z.string(),
  header: z.string().optional(),
  options: z.array(questionOption),
  multiple: z.boolean().optional(),
});

export const permissionRequestSchema = z.object({
  id: z.string().min(1),
  sessionID: sessionId,
  permission: z.string(),
  patterns: z.array(z.string()).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type PermissionRequest = z.infer<typeof permissionRequestSchema>;

export const questionRequestSchema = z.object({ id: z.string().min(1), sessionID: sessionId, questions: z.array(questionInfo) });
export type QuestionRequest = z.infer<typeof questionRequestSchema>;

const eventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session.created'), properties: z.object({ info: z.object({ id: sessionId, parentID: z.string().optional() }) }) }),
  z.object({ type: z.literal('session.status'), properties: z.object({ sessionID: sessionId, status: z.object({ type: z.string() }) }) }),
  z.object({ type: z.literal('session.idle'), properties: z.object({ sessionID: sessionId }) }),
  z.object({
    type: z.literal('session.error'),
    properties: z.object({ sessionID: sessionId.optional(), error: z.object({ name: z.string() }).optional() }),
  }),
  z.object({ type: z.literal('permission.asked'), properties: permissionRequestSchema }),
  z.object({ type: z.literal('permission.replied'), properties: z.object({ sessionID: sessionId, requestID: z.string() }) }),
  z.object({ type: z.literal('question.asked'), properties: questionRequestSchema }),
  z.object({ type: z.enum(['question.replied', 'question.rejected']), properties: z.object({ sessionID: sessionId, requestID: z.string() }) }),
]);

/** What the bridge hears: one case per event it acts on. */
export type OpencodeEvent =
  | { readonly kind: 'session_created'; readonly sessionId: string; readonly parentId: string | null }
  | { readonly kind: 'busy'; readonly sessionId: string }
  | { readonly kind: 'idle'; readonly sessionId: string }
  /** `aborted`: the user stopped the turn (Esc), which is no failure. */
  | { readonly kind: 'error'; readonly sessionId: string; readonly aborted: boolean }
  | { readonly kind: 'permission_asked'; readonly request: PermissionRequest }
  | { readonly kind: 'question_asked'; readonly request: QuestionRequest }
  /** A permission or question was answered, by anyone (the TUI, the pad, another client). */
  | { readonly kind: 'answered'; readonly sessionId: string; readonly requestId: string };

/** The event in one `data:` payload, or null for anything the bridge does not act on. */
export function parseOpencodeEvent(data: string): OpencodeEvent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = eventSchema.safeParse(raw);
  if (!parsed.success) return null;
  const event = parsed.data;
  switch (event.type) {
    case 'session.created':
      return { kind: 'session_created', sessionId: event.properties.info.id, parentId: event.properties.info.parentID ?? null };
    case 'session.status':
      // `retry` (a provider hiccup being retried) is still work in progress.
      return event.properties.status.type === 'idle'
        ? { kind: 'idle', sessionId: event.properties.sessionID }
        : { kind: 'busy', sessionId: event.properties.sessionID };
    case 'session.idle':
      return { kind: 'idle', sessionId: event.properties.sessionID };
    case 'session.error':
      if (event.properties.sessionID === undefined) return null;
      return { kind: 'error', sessionId: event.properties.sessionID, aborted: event.properties.error?.name === 'MessageAbortedError' };
    case 'permission.asked':
      return { kind: 'permission_asked', request: event.properties };
    case 'question.asked':
      return { kind: 'question_asked', request: event.properties };
    case 'permission.replied':
    case 'question.replied':
    case 'question.rejected':
      return { kind: 'answered', sessionId: event.properties.sessionID, requestId: event.properties.requestID };
  }
}
