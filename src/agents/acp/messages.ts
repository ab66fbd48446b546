import { z } from 'zod';
import type { RpcId } from './json-rpc.js';
import type { PermissionOption, ToolCallUpdate } from './protocol.js';

/*
 * The members of ACP messages the proxy reads, parsed leniently at the edge:
 * a message it cannot read is still forwarded, it only stays off the pad.
 * Each view is typed against the SDK's own message types, so a protocol
 * change in a new SDK fails to compile here instead of silently reading
 * nothing.
 */

const text = z.string().min(1);
const rpcId = z.union([z.string(), z.number()]);

/** `initialize` result: who the agent says it is. */
const initializeResult = z.object({ agentInfo: z.object({ name: text }).nullish() });

/** `session/new` result. */
const newSessionResult = z.object({ sessionId: text });

/** Params of every request that names a session (`session/load`, `prompt`, `close` …), and the cwd where there is one. */
const sessionParams = z.object({ sessionId: text.optional(), cwd: text.optional() });

const promptResult = z.object({ stopReason: z.string() });

const option = z.object({ optionId: z.string(), name: z.string(), kind: z.string() }) satisfies z.ZodType<Pick<PermissionOption, 'optionId' | 'name'>>;

const toolCall = z.object({
  title: z.string().nullish(),
  kind: z.string().nullish(),
  rawInput: z.unknown().optional(),
  locations: z
    .array(z.object({ path: z.string() }))
    .nullish()
    .catch(null),
}) satisfies z.ZodType<Partial<Pick<ToolCallUpdate, 'title'>>>;

const permissionRequest = z.object({ sessionId: text, options: z.array(option), toolCall });

const cancelRequest = z.object({ requestId: rpcId });

export type PermissionRequestView = z.infer<typeof permissionRequest>;
export type ToolCallView = z.infer<typeof toolCall>;

const read =
  <S extends z.ZodType>(schema: S) =>
  (value: unknown): z.infer<S> | null => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };

const readInitialize = read(initializeResult);
const readNewSession = read(newSessionResult);
const readSessionParams = read(sessionParams);
const readPrompt = read(promptResult);
const readCancel = read(cancelRequest);

/** The agent's own name from its `initialize` result, or null. */
export function agentNameOf(result: unknown): string | null {
  return readInitialize(result)?.agentInfo?.name ?? null;
}

/** The session a `session/new` result opened, or null. */
export function newSessionIdOf(result: unknown): string | null {
  return readNewSession(result)?.sessionId ?? null;
}

export function sessionIdOf(params: unknown): string | null {
  return readSessionParams(params)?.sessionId ?? null;
}

export function cwdOf(params: unknown): string | null {
  return readSessionParams(params)?.cwd ?? null;
}

/** Why a turn ended, from a `session/prompt` result. */
export function stopReasonOf(result: unknown): string | null {
  return readPrompt(result)?.stopReason ?? null;
}

export const permissionRequestOf = read(permissionRequest);

/** The request a `$/cancel_request` withdraws. */
export function cancelledRequestOf(params: unknown): RpcId | null {
  return readCancel(params)?.requestId ?? null;
}
