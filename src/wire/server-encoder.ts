import type { AgentIdentity } from '../domain/index.js';
import { asciiJson } from './ascii-json.js';
import { ERROR_CODES } from './error-codes.js';
import { ERROR_TEXTS } from './error-texts.js';
import { MAX_MESSAGE_BYTES, PROTOCOL_VERSION } from './limits.js';
import type { InventoryReport, Metadata, ServerMessage, SessionReport, StatusReport, StatusSessionReport, SurfaceDescriptor } from './messages.js';
import { sceneOf } from './messages.js';
import { statusLine, type StatusEncoding } from './status-fit.js';

/**
 * Server message → wire object with members in the reference's order
 * (wire-protocol-1.md §7; `protocol` first, `type` second), so golden tests
 * can compare bytes.
 */
export function serverWireObject(message: ServerMessage): Record<string, unknown> {
  const head = { protocol: PROTOCOL_VERSION, type: message.type };
  switch (message.type) {
    case 'state_ack':
      return stateAckWire(message.session);
    case 'session_lease_ack':
      return message.session === null ? { ...head, lease_id: message.leaseId } : { ...head, lease_id: message.leaseId, session: stateAckWire(message.session) };
    case 'session_lease_bound':
      return { ...head, lease_id: message.leaseId, session: stateAckWire(message.session) };
    case 'action':
      return message.requestId === null
        ? { ...head, action: message.action, agent: identityWire(message.agent) }
        : { ...head, action: message.action, agent: identityWire(message.agent), request_id: message.requestId };
    case 'status':
      return { ...head, ...statusWire(message.status) };
    case 'pong':
      return head;
    case 'preview_ack':
      return { ...head, preview_id: message.previewId, state: message.state };
    case 'preview_end_ack':
      return { ...head, preview_id: message.previewId };
    case 'error':
      return { ...head, code: message.code, error: message.message };
    case 'inventory':
      return { ...head, ...inventoryWire(message.inventory) };
    case 'question_ack':
      return { ...head, request_id: message.requestId };
    case 'answer':
      return {
        ...head,
        agent: identityWire(message.agent),
        request_id: message.requestId,
        question: message.question,
        option: message.option,
        ...(message.options === null ? {} : { options: message.options }),
      };
  }
}

function inventoryWire(inventory: InventoryReport): Record<string, unknown> {
  return {
    surfaces: inventory.surfaces.map(({ kind, transport, profile, input, output }) => ({ kind, transport, profile, input, output })),
    profiles: inventory.profiles.map((p) => ({
      id: p.id,
      status: p.status,
      opens_automatically: p.opensAutomatically,
      origin: p.origin,
      source: p.source,
    })),
    profiles_omitted: inventory.profilesOmitted,
    refused_profile_files: inventory.refusedProfileFiles,
  };
}

function identityWire(identity: AgentIdentity): Record<string, unknown> {
  return { backend: identity.backend, session_id: identity.sessionId };
}

function stateAckWire(session: SessionReport): Record<string, unknown> {
  return {
    protocol: PROTOCOL_VERSION,
    type: 'state_ack',
    backend: session.identity.backend,
    session_id: session.identity.sessionId,
    state: session.state,
    slot: session.slot,
    scene: sceneOf(session.slot),
    accent: session.accent,
    selected: session.selected,
    leased: session.leased,
    label: session.label,
  };
}

function surfaceWire(surface: SurfaceDescriptor): Record<string, unknown> {
  return {
    kind: surface.kind,
    profile: surface.profile,
    visual_protocol: surface.visualProtocol,
    input: surface.input,
    output: surface.output,
  };
}

function statusSessionWire(session: StatusSessionReport): Record<string, unknown> {
  return {
    backend: session.identity.backend,
    session_id: session.identity.sessionId,
    state: session.state,
    slot: session.slot,
    accent: session.accent,
    selected: session.selected,
    leased: session.leased,
    label: session.label,
    metadata: session.metadata,
  };
}

function statusWire(status: StatusReport): Record<string, unknown> {
  return {
    profile: status.profile,
    visual_protocol: status.visualProtocol,
    input: status.input,
    output: status.output,
    surfaces: status.surfaces.map(surfaceWire),
    selected: status.selected === null ? null : identityWire(status.selected),
    overflow_count: status.overflowCount,
    activity_motion: status.activityMotion,
    audio_feedback: status.audioFeedback,
    experience: status.experience,
    preview_active: status.previewActive,
    session_ttl: status.sessionTtl,
    sessions: status.sessions.map(statusSessionWire),
  };
}

/** The full line, LF included. No size check: see `encodeReply` / `encodeNotification`. */
export function encodeServerMessage(message: ServerMessage): string {
  return `${asciiJson(serverWireObject(message))}\n`;
}

/** Encoded lines are ASCII, so length is bytes; the LF is not counted against the cap. */
export function fitsOutboundCap(line: string): boolean {
  return line.length - 1 <= MAX_MESSAGE_BYTES;
}

const FRAME_TOO_LARGE_LINE = encodeServerMessage({
  type: 'error',
  code: ERROR_CODES.frameTooLarge,
  message: ERROR_TEXTS.frameTooLarge,
});

/**
 * The encoded metadata of each session, kept while the session keeps the
 * same (frozen) metadata object: a `status` re-encodes only the sessions
 * whose metadata changed since the last one.
 */
const METADATA_JSON = new WeakMap<Metadata, string>();

function metadataJson(metadata: Metadata): string {
  let json = METADATA_JSON.get(metadata);
  if (json === undefined) {
    json = asciiJson(metadata);
    METADATA_JSON.set(metadata, json);
  }
  return json;
}

const STATUS_ENCODING: StatusEncoding = {
  head: (status) => encodeServerMessage({ type: 'status', status }),
  // `metadata` is the entry's last member: the rest is encoded, then the cached metadata appended.
  session: (session) => {
    const { metadata: _metadata, ...rest } = statusSessionWire(session);
    return `${asciiJson(rest).slice(0, -1)},"metadata":${metadataJson(session.metadata)}}`;
  },
};

/**
 * A reply (or error) that would exceed the outbound cap is replaced by
 * `frame_too_large` (§4.5); a `status` instead drops what does not fit
 * (see statusLine), so no agent can deny it to the others.
 */
export function encodeReply(message: ServerMessage): string {
  // Only surfaces or the selection alone could make a status too long; then the usual error.
  if (message.type === 'status') return statusLine(message.status, STATUS_ENCODING) ?? FRAME_TOO_LARGE_LINE;
  const line = encodeServerMessage(message);
  return fitsOutboundCap(line) ? line : FRAME_TOO_LARGE_LINE;
}

/** An unsolicited message (`action`, `session_lease_bound`) that would exceed the cap is dropped: null (§4.5). */
export function encodeNotification(message: ServerMessage): string | null {
  const line = encodeServerMessage(message);
  return fitsOutboundCap(line) ? line : null;
}
