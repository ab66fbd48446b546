import type { AudioCueEvent, ConnectionId, ControlPlane } from '../control-plane/index.js';
import { classifyToolCall, sanitizeCommand, sanitizeDescription, sanitizeToolName } from '../../requests/index.js';
import {
  ERROR_CODES,
  ERROR_TEXTS,
  type ApprovalDetailsMessage,
  type ClientMessage,
  type InventoryReport,
  type StateMessage,
  type StatusReport,
} from '../../wire/index.js';
import { sendNotification, sendReply, type Outbox } from './outbox.js';
import { relayRefusal } from './relay-refusal.js';

/** What handling a client message needs from the runtime. */
export interface MessageContext {
  readonly plane: ControlPlane;
  readonly outbox: Outbox;
  /** Sampled once per message, after parsing (wire-protocol-1.md §6). */
  now(): number;
  status(): StatusReport;
  inventory(): InventoryReport;
  /** §17.4: stop a playing experience if some session now needs attention. */
  preemptIfAttentionRequired(): void;
  /** §17.6: tell the audio feedback (if enabled) what happened. */
  audioCue(event: AudioCueEvent): void;
}

/** The effect and reply of each client message (wire-protocol-1.md §6, §7.10). */
export function handleClientMessage(context: MessageContext, connection: ConnectionId, message: ClientMessage): void {
  const { plane, outbox } = context;
  const refusal = relayRefusal(plane, connection, message);
  if (refusal !== null) {
    sendReply(outbox, connection, { type: 'error', code: ERROR_CODES.notPermitted, message: refusal });
    return;
  }
  switch (message.type) {
    case 'state':
      handleState(context, connection, message);
      return;
    case 'session_end':
      plane.end(message.agent);
      context.audioCue({ type: 'session_ended', identity: message.agent });
      return;
    case 'status':
      sendReply(outbox, connection, { type: 'status', status: context.status() });
      return;
    case 'ping':
      sendReply(outbox, connection, { type: 'pong' });
      return;
    case 'inventory':
      sendReply(outbox, connection, { type: 'inventory', inventory: context.inventory() });
      return;
    case 'subscribe_actions':
      // No acknowledgement of any kind: subscriber clients accept only `action` and `error` lines.
      plane.subscribe(connection, message.agent, message.actions, message.requestId, message.oneShot, context.now());
      return;
    case 'session_lease': {
      const session = plane.registerLease(connection, message.leaseId, message.agent, message.metadata, context.now());
      sendReply(outbox, connection, { type: 'session_lease_ack', leaseId: message.leaseId, session });
      return;
    }
    case 'preview': {
      const result = plane.setPreview(connection, message.previewId, message.state, context.now() + message.ttl);
      sendReply(
        outbox,
        connection,
        result.ok ? { type: 'preview_ack', previewId: message.previewId, state: message.state } : { type: 'error', code: result.code, message: result.message },
      );
      return;
    }
    case 'question':
      plane.ask(connection, message.agent, message.requestId, message.questions, context.now());
      sendReply(outbox, connection, { type: 'question_ack', requestId: message.requestId });
      return;
    case 'approval_details':
      handleApprovalDetails(context, connection, message);
      return;
    case 'notice':
      // Sanitized here like approval details; no reply (the sender does not wait for one).
      plane.notify(message.agent, message.notice, sanitizeToolName(message.tool), sanitizeDescription(message.detail), context.now());
      return;
    case 'relay':
      if (!plane.relay(connection, message.host, message.live)) {
        const host = plane.relayedHost(connection);
        sendReply(outbox, connection, {
          type: 'error',
          code: ERROR_CODES.notPermitted,
          message: `this connection already relays host ${host}, not ${message.host}`,
        });
      }
      return;
    case 'preview_end':
      sendReply(
        outbox,
        connection,
        plane.endPreview(connection, message.previewId)
          ? { type: 'preview_end_ack', previewId: message.previewId }
          : { type: 'error', code: ERROR_CODES.previewNotOwned, message: ERROR_TEXTS.previewNotOwned },
      );
      return;
  }
}

/** §6.1 effect order: bind and notify the lease owner (pre-update snapshot), update, preempt, reply. */
function handleState(context: MessageContext, connection: ConnectionId, message: StateMessage): void {
  const { plane, outbox } = context;
  const now = context.now();
  if (message.leaseId !== null) {
    const bound = plane.bindLease(message.leaseId, message.agent, message.metadata, now);
    if (bound.owner !== null) {
      sendNotification(outbox, bound.owner, { type: 'session_lease_bound', leaseId: message.leaseId, session: bound.session });
    }
  }
  const session = plane.update(message.agent, message.state, now, message.metadata);
  context.preemptIfAttentionRequired();
  context.audioCue({ type: 'state_effective', identity: session.identity, state: session.state, slot: session.slot });
  if (message.reply) sendReply(outbox, connection, { type: 'state_ack', session });
}

/**
 * Extension: whatever the client sent is sanitized and classified here, so a
 * description from any client is redacted and its tier is ours. Success has
 * no reply (the connection is a subscriber's, which takes only `action` and
 * `error` lines); a request this connection does not hold is an error.
 */
function handleApprovalDetails(context: MessageContext, connection: ConnectionId, message: ApprovalDetailsMessage): void {
  const tool = sanitizeToolName(message.tool);
  // The tier reads the whole command (a destructive tail must count), the description only its start.
  const details = { kind: 'approval', tool, description: sanitizeCommand(message.detail), tier: classifyToolCall(tool, message.detail) } as const;
  if (context.plane.describeApproval(connection, message.agent, message.requestId, details)) return;
  sendReply(context.outbox, connection, {
    type: 'error',
    code: ERROR_CODES.invalidMessage,
    message: 'approval_details needs a subscribe_actions with the same agent and request_id on this connection',
  });
}
