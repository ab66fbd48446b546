import { hostNameProblem, isNoticeKind, NOTICE_KINDS } from '../domain/index.js';
import { ERROR_CODES } from './error-codes.js';
import { ERROR_TEXTS, unknownMessageTypeText } from './error-texts.js';
import {
  DEFAULT_IDENTITY,
  NO_METADATA,
  actionsField,
  agentMetadata,
  identityOf,
  leaseMetadata,
  optionalAgentObject,
  optionalBoolean,
  optionalIdentifier,
  rejectUnknownMembers,
  requiredIdentifier,
  stateField,
  ttlField,
} from './fields.js';
import { member, parseProtocolObject, type JsonObject } from './json-line.js';
import type { AsciiLine } from './line-splitter.js';
import { optionalText, questionsField, requiredText } from './prompt-fields.js';
import type { ClientMessage, ClientMessageType } from './messages.js';
import { ProtocolError, catchProtocolError, invalidMessage, type DecodeResult } from './protocol-error.js';

/**
 * Decodes one inbound line (without its LF) into a typed client message, or
 * the error the daemon answers with (wire-protocol-1.md §4.4, §5, §6). Never
 * throws for any input.
 */
export function decodeClientLine(line: Uint8Array | AsciiLine): DecodeResult<ClientMessage> {
  return catchProtocolError(() => decodeClientObject(parseProtocolObject(line)));
}

type Decoder = (object: JsonObject) => ClientMessage;

const withBase = (...names: string[]): ReadonlySet<string> => new Set(['protocol', 'type', ...names]);

/** Per type: the allowed members (§6) and the field checks in the required order. */
const DECODERS: Readonly<Record<ClientMessageType, { allowed: ReadonlySet<string>; decode: Decoder }>> = {
  state: { allowed: withBase('state', 'agent', 'lease_id', 'reply'), decode: decodeState },
  session_end: { allowed: withBase('agent'), decode: decodeSessionEnd },
  status: { allowed: withBase(), decode: () => ({ type: 'status' }) },
  ping: { allowed: withBase(), decode: () => ({ type: 'ping' }) },
  subscribe_actions: {
    allowed: withBase('agent', 'actions', 'request_id', 'one_shot'),
    decode: decodeSubscribe,
  },
  session_lease: { allowed: withBase('lease_id', 'agent', 'metadata'), decode: decodeSessionLease },
  preview: { allowed: withBase('preview_id', 'state', 'ttl'), decode: decodePreview },
  preview_end: { allowed: withBase('preview_id'), decode: decodePreviewEnd },
  inventory: { allowed: withBase(), decode: () => ({ type: 'inventory' }) },
  question: { allowed: withBase('agent', 'request_id', 'questions'), decode: decodeQuestion },
  approval_details: { allowed: withBase('agent', 'request_id', 'tool', 'detail'), decode: decodeApprovalDetails },
  notice: { allowed: withBase('agent', 'notice', 'tool', 'detail'), decode: decodeNotice },
  relay: { allowed: withBase('host', 'live'), decode: decodeRelay },
};

function decodeClientObject(object: JsonObject): ClientMessage {
  const type = member(object, 'type');
  const entry = typeof type === 'string' && Object.hasOwn(DECODERS, type) ? DECODERS[type as ClientMessageType] : undefined;
  if (entry === undefined) throw new ProtocolError(ERROR_CODES.unknownMessageType, unknownMessageTypeText(type));
  rejectUnknownMembers(object, entry.allowed);
  return entry.decode(object);
}

/** Order: agent (object, backend, session_id) → state → agent metadata → lease_id → reply. */
function decodeState(object: JsonObject): ClientMessage {
  const agentObject = optionalAgentObject(object);
  const agent = agentObject === null ? DEFAULT_IDENTITY : identityOf(agentObject);
  const state = stateField(object);
  const metadata = agentObject === null ? NO_METADATA : agentMetadata(agentObject);
  const leaseId = optionalIdentifier(object, 'lease_id');
  const reply = optionalBoolean(object, 'reply');
  return { type: 'state', state, agent, metadata, leaseId, reply };
}

/** The agent is mandatory; extra agent members are ignored. */
function decodeSessionEnd(object: JsonObject): ClientMessage {
  const agentObject = optionalAgentObject(object);
  if (agentObject === null) throw invalidMessage(ERROR_TEXTS.agentNotObject);
  return { type: 'session_end', agent: identityOf(agentObject) };
}

/** Order: agent → actions → request_id → one_shot. */
function decodeSubscribe(object: JsonObject): ClientMessage {
  const agentObject = optionalAgentObject(object);
  const agent = agentObject === null ? DEFAULT_IDENTITY : identityOf(agentObject);
  const actions = actionsField(object);
  const requestId = optionalIdentifier(object, 'request_id');
  const oneShot = optionalBoolean(object, 'one_shot');
  return { type: 'subscribe_actions', agent, actions, requestId, oneShot };
}

/** Order: lease_id → agent → metadata. A missing agent means "no identity", not the default. */
function decodeSessionLease(object: JsonObject): ClientMessage {
  const leaseId = requiredIdentifier(object, 'lease_id');
  const agentObject = optionalAgentObject(object);
  const agent = agentObject === null ? null : identityOf(agentObject);
  const metadata = leaseMetadata(object);
  return { type: 'session_lease', leaseId, agent, metadata };
}

/** Order: preview_id → state → ttl. */
function decodePreview(object: JsonObject): ClientMessage {
  const previewId = requiredIdentifier(object, 'preview_id');
  const state = stateField(object);
  const ttl = ttlField(object);
  return { type: 'preview', previewId, state, ttl };
}

function decodePreviewEnd(object: JsonObject): ClientMessage {
  return { type: 'preview_end', previewId: requiredIdentifier(object, 'preview_id') };
}

/** Extension. Order: agent → request_id → questions. */
function decodeQuestion(object: JsonObject): ClientMessage {
  const agentObject = optionalAgentObject(object);
  const agent = agentObject === null ? DEFAULT_IDENTITY : identityOf(agentObject);
  const requestId = requiredIdentifier(object, 'request_id');
  return { type: 'question', agent, requestId, questions: questionsField(object) };
}

/** Extension. Order: agent → request_id → tool → detail. */
function decodeApprovalDetails(object: JsonObject): ClientMessage {
  const agentObject = optionalAgentObject(object);
  const agent = agentObject === null ? DEFAULT_IDENTITY : identityOf(agentObject);
  const requestId = requiredIdentifier(object, 'request_id');
  return { type: 'approval_details', agent, requestId, tool: requiredText(object, 'tool'), detail: optionalText(object, 'detail') };
}

/** Extension. Order: agent → notice → tool → detail. */
function decodeNotice(object: JsonObject): ClientMessage {
  const agentObject = optionalAgentObject(object);
  const agent = agentObject === null ? DEFAULT_IDENTITY : identityOf(agentObject);
  const notice = member(object, 'notice');
  if (!isNoticeKind(notice)) throw invalidMessage(`notice must be one of ${NOTICE_KINDS.join(', ')}`);
  return { type: 'notice', agent, notice, tool: optionalText(object, 'tool'), detail: optionalText(object, 'detail') };
}

/** Extension. Order: host → live. */
function decodeRelay(object: JsonObject): ClientMessage {
  const host = requiredIdentifier(object, 'host');
  const problem = hostNameProblem(host);
  if (problem !== null) throw invalidMessage(`host ${problem}`);
  return { type: 'relay', host, live: optionalBoolean(object, 'live') };
}
