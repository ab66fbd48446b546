import type { ConnectionId } from '../control-plane/index.js';
import { encodeNotification, encodeReply, type ServerMessage } from '../../wire/index.js';

/** Delivers encoded lines to live connections; the socket server implements it, tests record. */
export interface Outbox {
  /** Queues a line (LF included); false when the connection no longer exists. */
  send(connection: ConnectionId, line: string): boolean;
}

/** A reply to the sender: oversize replies become `frame_too_large` (wire-protocol-1.md §4.5). */
export function sendReply(outbox: Outbox, connection: ConnectionId, message: ServerMessage): void {
  outbox.send(connection, encodeReply(message));
}

/** An unsolicited message: dropped when it would exceed the cap (§4.5; the reference crashes or aborts instead). */
export function sendNotification(outbox: Outbox, connection: ConnectionId, message: ServerMessage): boolean {
  const line = encodeNotification(message);
  return line !== null && outbox.send(connection, line);
}
