/*
 * JSON-RPC 2.0 as ACP carries it: one message per line. The proxy parses each
 * line once, here, into what it needs to route it; the bytes it forwards are
 * always the ones it read.
 */

/** A request id; `null` ids (answers to unparsable requests) are never tracked. */
export type RpcId = string | number;

export type RpcMessage =
  | { readonly kind: 'request'; readonly id: RpcId; readonly method: string; readonly params: unknown }
  | { readonly kind: 'notification'; readonly method: string; readonly params: unknown }
  | { readonly kind: 'response'; readonly id: RpcId; readonly result: unknown; readonly failed: boolean }
  /** Valid JSON that is not a message the proxy can route (a batch, an id-less response …). */
  | { readonly kind: 'other' };

/** Why a line could not be read as a message. */
export type Unreadable = 'not_json';

/** One line (without its LF) as a message, or why not. */
export function parseRpcLine(line: Buffer): RpcMessage | Unreadable {
  let value: unknown;
  try {
    value = JSON.parse(line.toString('utf8'));
  } catch {
    return 'not_json';
  }
  return rpcMessageOf(value);
}

function rpcMessageOf(value: unknown): RpcMessage {
  if (!isRecord(value)) return { kind: 'other' };
  const id = value['id'];
  const method = value['method'];
  if (typeof method === 'string') {
    return isRpcId(id) ? { kind: 'request', id, method, params: value['params'] } : { kind: 'notification', method, params: value['params'] };
  }
  if (isRpcId(id) && ('result' in value || 'error' in value)) {
    const failed = 'error' in value && value['error'] !== undefined && value['error'] !== null;
    return { kind: 'response', id, result: value['result'], failed };
  }
  return { kind: 'other' };
}

function isRpcId(id: unknown): id is RpcId {
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}

/** A Map key per id: `1` and `"1"` are different requests. */
export function idKey(id: RpcId): string {
  return typeof id === 'number' ? `n:${id}` : `s:${id}`;
}

/** One encoded line (LF included) of a message the proxy writes itself. */
export function encodeResult(id: RpcId, result: unknown): string {
  return line({ jsonrpc: '2.0', id, result });
}

export function encodeError(id: RpcId, error: unknown): string {
  return line({ jsonrpc: '2.0', id, error });
}

export function encodeNotification(method: string, params: unknown): string {
  return line({ jsonrpc: '2.0', method, params });
}

function line(message: object): string {
  return `${JSON.stringify(message)}\n`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
