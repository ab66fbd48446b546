import { REMOTE_HOST_METADATA_KEY } from '../domain/index.js';
import { SCANNED_COMMAND_LENGTH } from '../requests/index.js';
import {
  clientWireObject,
  decodeClientLine,
  decodeServerLine,
  encodeServerMessage,
  ERROR_CODES,
  MAX_MESSAGE_BYTES,
  type ActionMessage,
  type ClientMessage,
  type ServerMessage,
  type SessionReport,
  type StatusReport,
} from '../wire/index.js';
import type { HostNamespace } from './host-namespace.js';

/**
 * One line on its way through the relay: the bytes to write (without LF)
 * and, for an `action`, the decoded message so the relay can decide whether
 * the link is still fit to carry it.
 */
export interface RelayedLine {
  readonly line: Buffer | string;
  readonly action: ActionMessage | null;
}

/** A line the relay answers itself instead of forwarding: the error line for the remote client (without LF). */
export interface RelayRefusal {
  readonly refusal: string;
}

/**
 * Remote client → daemon. A line the codec accepts and that names an
 * identity or lease is rewritten into the host's namespace, with the host
 * name added as display metadata; every other line (ping, status, preview,
 * and anything invalid) goes through byte for byte, so the daemon answers it
 * exactly as it would answer a local client.
 *
 * A rewritten line is encoded in UTF-8 (not with \u escapes, which would
 * triple a non-ASCII text) and carries only what the daemon keeps (values
 * cut as the decoder cuts them, a command no longer than the daemon reads),
 * so a valid frame stays valid. Only ids the host name makes too long for
 * the frame are refused, with that reason.
 */
export function towardDaemon(line: Buffer, namespace: HostNamespace): Buffer | string | RelayRefusal {
  const decoded = decodeClientLine(line);
  if (!decoded.ok) return line;
  const rewritten = inward(decoded.message, namespace);
  if (rewritten === null) return line;
  const encoded = JSON.stringify(clientWireObject(rewritten));
  const bytes = Buffer.byteLength(encoded);
  if (bytes <= MAX_MESSAGE_BYTES) return encoded;
  const reason = `with the host name ${namespace.host} added, this ${rewritten.type} message is ${bytes} bytes, over the ${MAX_MESSAGE_BYTES} a message may have; use a shorter session id or lease id`;
  return { refusal: encodeServerMessage({ type: 'error', code: ERROR_CODES.frameTooLarge, message: reason }).slice(0, -1) };
}

/**
 * Daemon → remote client: this host's identities and lease ids lose their
 * namespace again; other sessions in a `status` (local ones, other hosts')
 * are shown as the daemon has them. Lines that carry no identity of ours go
 * through byte for byte.
 */
export function towardRemote(line: Buffer, namespace: HostNamespace): RelayedLine {
  const decoded = decodeServerLine(line);
  if (!decoded.ok) return { line, action: null };
  const rewritten = outward(decoded.message, namespace);
  return {
    line: rewritten === null ? line : encodeServerMessage(rewritten).slice(0, -1),
    action: decoded.message.type === 'action' ? decoded.message : null,
  };
}

function inward(message: ClientMessage, namespace: HostNamespace): ClientMessage | null {
  const host = { [REMOTE_HOST_METADATA_KEY]: namespace.host };
  switch (message.type) {
    case 'state':
      return {
        ...message,
        agent: namespace.inward(message.agent),
        // The relay's word wins: a remote client cannot claim another host.
        metadata: { ...message.metadata, ...host },
        leaseId: message.leaseId === null ? null : namespace.inwardId(message.leaseId),
      };
    case 'session_end':
    case 'subscribe_actions':
    case 'question':
      return { ...message, agent: namespace.inward(message.agent) };
    case 'approval_details':
      // The daemon classifies this much of a command and shows less; the rest would only fill the frame.
      return { ...message, agent: namespace.inward(message.agent), detail: message.detail.slice(0, SCANNED_COMMAND_LENGTH + 1) };
    case 'session_lease':
      return {
        ...message,
        leaseId: namespace.inwardId(message.leaseId),
        agent: message.agent === null ? null : namespace.inward(message.agent),
        metadata: { ...message.metadata, ...host },
      };
    default:
      return null;
  }
}

function outward(message: ServerMessage, namespace: HostNamespace): ServerMessage | null {
  switch (message.type) {
    case 'state_ack':
      return { ...message, session: outwardSession(message.session, namespace) };
    case 'session_lease_ack':
      return {
        ...message,
        leaseId: namespace.outwardId(message.leaseId),
        session: message.session === null ? null : outwardSession(message.session, namespace),
      };
    case 'session_lease_bound':
      return { ...message, leaseId: namespace.outwardId(message.leaseId), session: outwardSession(message.session, namespace) };
    case 'action':
    case 'answer':
      return { ...message, agent: namespace.outward(message.agent) };
    case 'status':
      return mentionsHost(message.status, namespace) ? { ...message, status: outwardStatus(message.status, namespace) } : null;
    default:
      return null;
  }
}

function outwardSession<T extends SessionReport>(session: T, namespace: HostNamespace): T {
  return { ...session, identity: namespace.outward(session.identity) };
}

function mentionsHost(status: StatusReport, namespace: HostNamespace): boolean {
  return (status.selected !== null && namespace.owns(status.selected.backend)) || status.sessions.some((session) => namespace.owns(session.identity.backend));
}

function outwardStatus(status: StatusReport, namespace: HostNamespace): StatusReport {
  return {
    ...status,
    selected: status.selected === null ? null : namespace.outward(status.selected),
    sessions: status.sessions.map((session) => outwardSession(session, namespace)),
  };
}
