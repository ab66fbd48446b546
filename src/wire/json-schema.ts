import { z } from 'zod';
import {
  AGENT_STATES,
  CONTROL_ACTIONS,
  EXPERIENCE_KINDS,
  IDENTITY_ACCENTS,
  MAX_QUESTION_OPTIONS,
  MAX_QUESTIONS,
  MAX_SELECTOR_SLOTS,
  NOTICE_KINDS,
  SURFACE_KINDS,
  HOST_NAME_PATTERN,
} from '../domain/index.js';
import { VISUAL_PROTOCOL_VERSION } from '../visual-protocol/index.js';
import { ERROR_CODES } from './error-codes.js';
import { PROTOCOL_VERSION } from './limits.js';
import { CLIENT_MESSAGE_TYPES, SERVER_MESSAGE_TYPES, type ClientMessageType, type ServerMessageType } from './messages.js';

/*
 * Wire Protocol 1 as published JSON Schemas (schemas/wire-protocol-*.schema.json).
 * These zod schemas only *describe* the codec for readers and other
 * implementations; the daemon keeps its hand-written decoder, because the
 * protocol fixes which error is reported first and its exact text. Tests
 * check that the description and the codec agree on every message they try
 * (test/wire/json-schema.test.ts). Framing (one line of at most 65536 bytes,
 * strict UTF-8) is not expressible here.
 */

const identifier = z.string().min(1);
const protocol = z.literal(PROTOCOL_VERSION);
const state = z.enum(AGENT_STATES);
const action = z.enum(CONTROL_ACTIONS);
const metadata = z.record(identifier, identifier);
const message = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.strictObject({ protocol, type: z.literal(type), ...shape });

/** One schema per message type, in the order of the type list: the list is the vocabulary, the schema is built from it. */
function union<T extends string>(types: readonly T[], shapes: Readonly<Record<T, z.ZodRawShape>>) {
  const [first, ...rest] = types.map((type) => message(type, shapes[type]));
  return z.discriminatedUnion('type', [first!, ...rest]);
}

// ---- client → daemon: what the daemon's decoder accepts (wire-protocol-1.md §5, §6) ----------

/** An agent whose only members that count are the identity; others are ignored. */
const agentIdentity = z.looseObject({ backend: identifier, session_id: identifier });
/** A `state` agent: every member other than the identity is metadata, a non-empty string under a non-empty key. */
const stateAgent = z.object({ backend: identifier, session_id: identifier }).and(metadata);

/** A string with something other than whitespace in it (the question extension's texts). */
const nonBlank = z.string().regex(/\S/);
/** One question of a `question` request: 1–8 labelled options; texts are display only. */
const questionSchema = z.strictObject({
  question: nonBlank,
  header: z.string().nullish(),
  options: z
    .array(z.strictObject({ label: nonBlank, description: z.string().nullish() }))
    .min(1)
    .max(MAX_QUESTION_OPTIONS),
  multi_select: z.boolean().nullish(),
});

/** Every client message, one shape per type; optional members may also be null, which means "absent". */
const CLIENT_SHAPES: Readonly<Record<ClientMessageType, z.ZodRawShape>> = {
  state: {
    state,
    agent: stateAgent.nullish(),
    lease_id: identifier.nullish(),
    reply: z.boolean().nullish(),
  },
  session_end: { agent: agentIdentity },
  status: {},
  ping: {},
  subscribe_actions: {
    agent: agentIdentity.nullish(),
    actions: z.array(action).min(1),
    request_id: identifier.nullish(),
    one_shot: z.boolean().nullish(),
  },
  session_lease: { lease_id: identifier, agent: agentIdentity.nullish(), metadata: metadata.nullish() },
  preview: { preview_id: identifier, state, ttl: z.number().gt(0).lte(30) },
  preview_end: { preview_id: identifier },
  // Pad-Lattice extensions only our CLI and agent adapters send (the reference daemon does not know them).
  inventory: {},
  question: { agent: agentIdentity.nullish(), request_id: identifier, questions: z.array(questionSchema).min(1).max(MAX_QUESTIONS) },
  approval_details: { agent: agentIdentity.nullish(), request_id: identifier, tool: nonBlank, detail: z.string().nullish() },
  notice: { agent: agentIdentity.nullish(), notice: z.enum(NOTICE_KINDS), tool: z.string().nullish(), detail: z.string().nullish() },
  // Sent only by `pad-lattice remote`, on each connection it relays.
  relay: { host: z.string().regex(HOST_NAME_PATTERN), live: z.boolean().nullish() },
};

export const wireClientMessageSchema = union(CLIENT_MESSAGE_TYPES, CLIENT_SHAPES).meta({ title: 'Pad-Lattice Wire Protocol 1: client to daemon' });

// ---- daemon → client: exactly what the daemon's encoder writes (§7) ---------------------------

const slot = z
  .int()
  .min(0)
  .max(MAX_SELECTOR_SLOTS - 1)
  .nullable();
const identity = z.strictObject({ backend: identifier, session_id: identifier });
const sessionFields = {
  backend: identifier,
  session_id: identifier,
  state,
  slot,
  accent: z.enum(IDENTITY_ACCENTS).nullable(),
  selected: z.boolean(),
  leased: z.boolean(),
  label: z.string(),
};
const stateAckShape = { ...sessionFields, scene: z.int().min(1).max(MAX_SELECTOR_SLOTS).nullable() };
const stateAck = message('state_ack', stateAckShape);
const count = z.int().min(0);
const visualProtocol = z.literal(VISUAL_PROTOCOL_VERSION);
const surface = z.strictObject({
  kind: z.enum(SURFACE_KINDS),
  profile: z.string(),
  visual_protocol: visualProtocol,
  input: z.string(),
  output: z.string(),
});

const SERVER_SHAPES: Readonly<Record<ServerMessageType, z.ZodRawShape>> = {
  state_ack: stateAckShape,
  session_lease_ack: { lease_id: identifier, session: stateAck.optional() },
  session_lease_bound: { lease_id: identifier, session: stateAck },
  action: { action, agent: identity, request_id: identifier.optional() },
  status: {
    profile: z.string(),
    visual_protocol: visualProtocol,
    input: z.string(),
    output: z.string(),
    surfaces: z.array(surface),
    selected: identity.nullable(),
    overflow_count: count,
    activity_motion: z.boolean(),
    audio_feedback: z.boolean(),
    experience: z.enum(EXPERIENCE_KINDS).nullable(),
    preview_active: z.boolean(),
    session_ttl: z.number().min(0),
    sessions: z.array(z.strictObject({ ...sessionFields, metadata })),
  },
  pong: {},
  preview_ack: { preview_id: identifier, state },
  preview_end_ack: { preview_id: identifier },
  error: { code: z.enum(Object.values(ERROR_CODES)), error: identifier },
  inventory: {
    surfaces: z.array(z.strictObject({ kind: z.string(), transport: z.string(), profile: z.string(), input: z.string(), output: z.string() })),
    profiles: z.array(z.strictObject({ id: z.string(), status: z.string(), opens_automatically: z.boolean(), origin: z.string(), source: z.string() })),
    profiles_omitted: count,
    refused_profile_files: count,
  },
  // Extension replies and notifications: only a connection that sent `question` receives them.
  question_ack: { request_id: identifier },
  // `options` only for a multi-select question: every option chosen, ascending (`option` is the first).
  answer: { agent: identity, request_id: identifier, question: count, option: count, options: z.array(count).min(1).max(MAX_QUESTION_OPTIONS).optional() },
};

export const wireDaemonMessageSchema = union(SERVER_MESSAGE_TYPES, SERVER_SHAPES).meta({ title: 'Pad-Lattice Wire Protocol 1: daemon to client' });
