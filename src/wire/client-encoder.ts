import type { AgentIdentity } from '../domain/index.js';
import { asciiJson } from './ascii-json.js';
import { PROTOCOL_VERSION } from './limits.js';
import type { ClientMessage, Metadata } from './messages.js';

/**
 * Client message → one wire line (LF included), members in the order of
 * wire-protocol-1.md §6. Optional members are omitted when null/false, as
 * the reference client does. The caller checks the size cap.
 */
export function encodeClientMessage(message: ClientMessage): string {
  return `${asciiJson(clientWireObject(message))}\n`;
}

function agentWire(identity: AgentIdentity, metadata: Metadata = {}): Record<string, unknown> {
  // Metadata first, identity last: a metadata key named backend/session_id cannot override the identity.
  return { ...metadata, backend: identity.backend, session_id: identity.sessionId };
}

export function clientWireObject(message: ClientMessage): Record<string, unknown> {
  const head = { protocol: PROTOCOL_VERSION, type: message.type };
  switch (message.type) {
    case 'state':
      return {
        ...head,
        state: message.state,
        agent: agentWire(message.agent, message.metadata),
        ...(message.leaseId === null ? {} : { lease_id: message.leaseId }),
        ...(message.reply ? { reply: true } : {}),
      };
    case 'session_end':
      return { ...head, agent: agentWire(message.agent) };
    case 'status':
    case 'ping':
    case 'inventory':
      return head;
    case 'subscribe_actions':
      return {
        ...head,
        agent: agentWire(message.agent),
        actions: [...message.actions],
        ...(message.requestId === null ? {} : { request_id: message.requestId }),
        ...(message.oneShot ? { one_shot: true } : {}),
      };
    case 'session_lease':
      return {
        ...head,
        lease_id: message.leaseId,
        ...(message.agent === null ? {} : { agent: agentWire(message.agent) }),
        metadata: { ...message.metadata },
      };
    case 'preview':
      return { ...head, preview_id: message.previewId, state: message.state, ttl: message.ttl };
    case 'preview_end':
      return { ...head, preview_id: message.previewId };
    case 'question':
      return {
        ...head,
        agent: agentWire(message.agent),
        request_id: message.requestId,
        questions: message.questions.map((question) => ({
          question: question.question,
          ...(question.header === '' ? {} : { header: question.header }),
          options: question.options.map((option) => ({ label: option.label, ...(option.description === '' ? {} : { description: option.description }) })),
          ...(question.multiSelect ? { multi_select: true } : {}),
        })),
      };
    case 'approval_details':
      return { ...head, agent: agentWire(message.agent), request_id: message.requestId, tool: message.tool, detail: message.detail };
    case 'notice':
      return { ...head, agent: agentWire(message.agent), notice: message.notice, tool: message.tool, detail: message.detail };
    case 'relay':
      return { ...head, host: message.host, live: message.live };
  }
}
