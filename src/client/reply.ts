import { RESERVED_ERROR_CODES, type ServerMessage, type ServerMessageType } from '../wire/index.js';
import type { WireConnection } from './connection.js';
import { DaemonDisconnectedError, DaemonProtocolError } from './errors.js';

/**
 * Reads exactly one line and insists it is `expected` (wire-protocol-1.md §11
 * items 3–4): an `error` reply becomes a DaemonProtocolError with the daemon's
 * code, any other type `unexpected_message_type`.
 */
export async function readReply<T extends ServerMessageType>(
  connection: WireConnection,
  expected: T,
  timeoutMs: number,
): Promise<Extract<ServerMessage, { type: T }>> {
  const inbound = await connection.receive(timeoutMs);
  if (inbound === null) {
    throw new DaemonDisconnectedError(connection.socketPath, `the daemon closed the connection before answering (${connection.socketPath})`);
  }
  if (!inbound.ok) throw inbound.error;
  return expectType(inbound.message, expected);
}

export function expectType<T extends ServerMessageType>(message: ServerMessage, expected: T): Extract<ServerMessage, { type: T }> {
  if (message.type !== expected) throw replyError(message, expected);
  return message as Extract<ServerMessage, { type: T }>;
}

/** The error to raise for a reply that is not the one wanted: the daemon's own error, or `unexpected_message_type`. */
export function replyError(message: ServerMessage, expected: ServerMessageType | null = null): DaemonProtocolError {
  if (message.type === 'error') return new DaemonProtocolError(message.code, message.message || 'the daemon rejected the request');
  const wanted = expected === null ? 'no reply' : JSON.stringify(expected);
  return new DaemonProtocolError(RESERVED_ERROR_CODES.unexpectedMessageType, `expected ${wanted}, got ${JSON.stringify(message.type)}`);
}
