import { isAgentState, isControlAction, makeIdentity, type AgentIdentity, type AgentState } from '../domain/index.js';
import { ERROR_CODES, RESERVED_ERROR_CODES } from './error-codes.js';
import { unknownMessageTypeText } from './error-texts.js';
import { rejectUnknownMembers } from './fields.js';
import { isJsonObject, member, parseProtocolObject, type JsonObject } from './json-line.js';
import type { AsciiLine } from './line-splitter.js';
import type {
  InventoryReport,
  Metadata,
  ServerMessage,
  ServerMessageType,
  SessionReport,
  StatusReport,
  StatusSessionReport,
  SurfaceDescriptor,
} from './messages.js';
import { SERVER_MESSAGE_TYPES } from './messages.js';
import { EXPERIENCE_KINDS, isExperienceKind, isSurfaceKind, SURFACE_KINDS, type ExperienceKind } from '../domain/index.js';
import { ProtocolError, catchProtocolError, invalidMessage, type DecodeResult } from './protocol-error.js';

/**
 * Decodes one line a daemon sent (without its LF) into a typed server message
 * — the client side of wire-protocol-1.md §7. Same edge checks as the daemon
 * (size, UTF-8, JSON object, `protocol` 1). Like the reference client, it
 * rejects unknown members only in `action` (§11 item 6) and tolerates them
 * elsewhere; an `error` without a usable `code` gets `daemon_error`.
 * Never throws.
 */
export function decodeServerLine(line: Uint8Array | AsciiLine): DecodeResult<ServerMessage> {
  return catchProtocolError(() => decodeServerObject(parseProtocolObject(line)));
}

const SERVER_TYPES: ReadonlySet<string> = new Set(SERVER_MESSAGE_TYPES);
const ACTION_MEMBERS: ReadonlySet<string> = new Set(['protocol', 'type', 'action', 'agent', 'request_id']);

function decodeServerObject(object: JsonObject): ServerMessage {
  const type = member(object, 'type');
  if (typeof type !== 'string' || !SERVER_TYPES.has(type)) {
    throw new ProtocolError(ERROR_CODES.unknownMessageType, unknownMessageTypeText(type));
  }
  const read = new Reader(object, type);
  switch (type as ServerMessageType) {
    case 'state_ack':
      return { type: 'state_ack', session: sessionReport(read) };
    case 'session_lease_ack': {
      const session = member(object, 'session');
      return {
        type: 'session_lease_ack',
        leaseId: read.nonEmptyString('lease_id'),
        session: session === undefined ? null : embeddedStateAck(read.object('session')),
      };
    }
    case 'session_lease_bound':
      return { type: 'session_lease_bound', leaseId: read.nonEmptyString('lease_id'), session: embeddedStateAck(read.object('session')) };
    case 'action':
      rejectUnknownMembers(object, ACTION_MEMBERS);
      return {
        type: 'action',
        action: read.check('action', isControlAction, 'a control action'),
        agent: identity(read.sub('agent')),
        requestId: member(object, 'request_id') === undefined ? null : read.nonEmptyString('request_id'),
      };
    case 'status':
      return { type: 'status', status: statusReport(read) };
    case 'pong':
      return { type: 'pong' };
    case 'preview_ack':
      return { type: 'preview_ack', previewId: read.nonEmptyString('preview_id'), state: read.state('state') };
    case 'preview_end_ack':
      return { type: 'preview_end_ack', previewId: read.nonEmptyString('preview_id') };
    case 'error':
      return errorMessage(object);
    case 'inventory':
      return { type: 'inventory', inventory: inventoryReport(read) };
    case 'question_ack':
      return { type: 'question_ack', requestId: read.nonEmptyString('request_id') };
    case 'answer':
      return {
        type: 'answer',
        agent: identity(read.sub('agent')),
        requestId: read.nonEmptyString('request_id'),
        question: read.count('question'),
        option: read.count('option'),
        options: member(object, 'options') === undefined ? null : read.counts('options'),
      };
  }
}

/** Typed member access that names the message and member in its errors. */
class Reader {
  constructor(
    readonly target: JsonObject,
    readonly context: string,
  ) {}

  check<T>(name: string, guard: (value: unknown) => value is T, expected: string): T {
    const value = member(this.target, name);
    if (!guard(value)) throw invalidMessage(`${this.context}.${name} must be ${expected}`);
    return value;
  }

  nonEmptyString(name: string): string {
    return this.check(name, (v): v is string => typeof v === 'string' && v.length > 0, 'a non-empty string');
  }
  string(name: string): string {
    return this.check(name, (v): v is string => typeof v === 'string', 'a string');
  }
  boolean(name: string): boolean {
    return this.check(name, (v): v is boolean => typeof v === 'boolean', 'a boolean');
  }
  count(name: string): number {
    return this.check(name, (v): v is number => Number.isInteger(v) && (v as number) >= 0, 'an integer >= 0');
  }
  /** A non-empty JSON array of distinct integers >= 0, ascending. */
  counts(name: string): number[] {
    const ascending = (v: unknown): v is number[] =>
      Array.isArray(v) && v.length > 0 && v.every((item, i) => Number.isInteger(item) && item >= 0 && (i === 0 || item > v[i - 1]));
    return this.check(name, ascending, 'a non-empty ascending JSON array of distinct integers >= 0');
  }
  nonNegative(name: string): number {
    return this.check(name, (v): v is number => typeof v === 'number' && v >= 0, 'a number >= 0');
  }
  slot(name: string): number | null {
    return this.check(name, (v): v is number | null => v === null || (Number.isInteger(v) && (v as number) >= 0), 'an integer >= 0 or null');
  }
  nullableString(name: string): string | null {
    return this.check(name, (v): v is string | null => v === null || typeof v === 'string', 'a string or null');
  }
  state(name: string): AgentState {
    return this.check(name, isAgentState, 'an agent state');
  }
  object(name: string): JsonObject {
    return this.check(name, isJsonObject, 'a JSON object');
  }
  sub(name: string): Reader {
    return new Reader(this.object(name), `${this.context}.${name}`);
  }
  array(name: string): Reader[] {
    const items = this.check(name, Array.isArray, 'a JSON array') as unknown[];
    return items.map((item, index) => {
      if (!isJsonObject(item)) throw invalidMessage(`${this.context}.${name}[${index}] must be a JSON object`);
      return new Reader(item, `${this.context}.${name}[${index}]`);
    });
  }
}

function identity(read: Reader): AgentIdentity {
  return makeIdentity(read.nonEmptyString('backend'), read.nonEmptyString('session_id'));
}

/** A `state_ack`: the session fields plus `scene`, which is checked but not kept (it is always slot + 1). */
function sessionReport(read: Reader): SessionReport {
  read.slot('scene');
  return sessionFields(read);
}

/** The `session` member is a complete `state_ack` message, protocol and type included. */
function embeddedStateAck(object: JsonObject): SessionReport {
  const read = new Reader(object, 'session');
  if (member(object, 'protocol') !== 1 || member(object, 'type') !== 'state_ack') {
    throw invalidMessage('session must be a state_ack message');
  }
  return sessionReport(read);
}

function metadataOf(read: Reader): Metadata {
  const object = read.object('metadata');
  for (const value of Object.values(object)) {
    if (typeof value !== 'string') throw invalidMessage(`${read.context}.metadata values must be strings`);
  }
  return Object.freeze({ ...(object as Record<string, string>) });
}

/** `"a", "b" or "c"`: what a member must be, in an error text. */
const oneOf = (values: readonly string[]) => {
  const quoted = values.map((value) => JSON.stringify(value));
  return `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
};

function surfaceDescriptor(read: Reader): SurfaceDescriptor {
  return {
    kind: read.check('kind', isSurfaceKind, oneOf(SURFACE_KINDS)),
    profile: read.string('profile'),
    visualProtocol: read.count('visual_protocol'),
    input: read.string('input'),
    output: read.string('output'),
  };
}

function statusSession(read: Reader): StatusSessionReport {
  return { ...sessionFields(read), metadata: metadataOf(read) };
}

function sessionFields(read: Reader): SessionReport {
  return {
    identity: identity(read),
    state: read.state('state'),
    slot: read.slot('slot'),
    accent: read.nullableString('accent'),
    selected: read.boolean('selected'),
    leased: read.boolean('leased'),
    label: read.string('label'),
  };
}

function statusReport(read: Reader): StatusReport {
  const selected = member(read.target, 'selected');
  return {
    profile: read.string('profile'),
    visualProtocol: read.count('visual_protocol'),
    input: read.string('input'),
    output: read.string('output'),
    surfaces: read.array('surfaces').map(surfaceDescriptor),
    selected: selected === null ? null : identity(read.sub('selected')),
    overflowCount: read.count('overflow_count'),
    activityMotion: read.boolean('activity_motion'),
    audioFeedback: read.boolean('audio_feedback'),
    experience: read.check(
      'experience',
      (v): v is ExperienceKind | null => v === null || isExperienceKind(v),
      `${EXPERIENCE_KINDS.map((kind) => JSON.stringify(kind)).join(', ')} or null`,
    ),
    previewActive: read.boolean('preview_active'),
    sessionTtl: read.nonNegative('session_ttl'),
    sessions: read.array('sessions').map(statusSession),
  };
}

function inventoryReport(read: Reader): InventoryReport {
  return {
    surfaces: read.array('surfaces').map((surface) => ({
      kind: surface.nonEmptyString('kind'),
      transport: surface.nonEmptyString('transport'),
      profile: surface.string('profile'),
      input: surface.string('input'),
      output: surface.string('output'),
    })),
    profiles: read.array('profiles').map((profile) => ({
      id: profile.nonEmptyString('id'),
      status: profile.nonEmptyString('status'),
      opensAutomatically: profile.boolean('opens_automatically'),
      origin: profile.nonEmptyString('origin'),
      source: profile.string('source'),
    })),
    profilesOmitted: read.count('profiles_omitted'),
    refusedProfileFiles: read.count('refused_profile_files'),
  };
}

function errorMessage(object: JsonObject): ServerMessage {
  const code = member(object, 'code');
  const text = member(object, 'error');
  return {
    type: 'error',
    code: typeof code === 'string' && code.length > 0 ? code : RESERVED_ERROR_CODES.daemonError,
    message: typeof text === 'string' ? text : '',
  };
}
