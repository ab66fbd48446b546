import type { AudioCueEvent, ConnectionId, ControlPlane } from '../control-plane/index.js';
import { ERROR_CODES, ERROR_TEXTS, type ClientMessage, type InventoryReport, type StateMessage, type StatusReport } from '../wire/index.js';
import { sendNotification, sendReply, type Outbox } from './outbox.js';

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
        result.ok
          ? { type: 'preview_ack', previewId: message.previewId, state: message.state }
          : { type: 'error', code: result.code, message: result.message },
      );
      return;
    }
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
