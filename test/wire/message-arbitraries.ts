import fc from 'fast-check';
import {
  AGENT_STATES,
  CONTROL_ACTIONS,
  EXPERIENCE_KINDS,
  HOST_NAME_PATTERN,
  IDENTITY_ACCENTS,
  makeIdentity,
  NOTICE_KINDS,
  SURFACE_KINDS,
} from '../../src/domain/index.js';
import { ERROR_CODES, ERROR_TEXTS, type ServerMessage, type SessionReport } from '../../src/wire/index.js';

/** Arbitraries of Wire Protocol 1 messages, for checking them against published schemas. */

const id = fc.constantFrom('codex', 's1', 'a b', '\u00e9', '\u{1f600}', 'x'.repeat(40));
const state = fc.constantFrom(...AGENT_STATES);
const action = fc.constantFrom(...CONTROL_ACTIONS);
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof(arbitrary, fc.constant(null));
const identityWire = fc.record({ backend: id, session_id: id });
const metadataWire = fc.dictionary(fc.constantFrom('label', 'cwd', 'title', 'x'), id, { maxKeys: 3 });
/** A wire agent with extra members: metadata in `state`, ignored elsewhere. */
const agentWire = fc.tuple(metadataWire, identityWire).map(([metadata, identity]) => ({ ...metadata, ...identity }));
const head = <T extends string>(type: T) => ({ protocol: fc.constant(1), type: fc.constant(type) });
const withOptional = <T extends Record<string, fc.Arbitrary<unknown>>>(model: T, required: (keyof T & string)[]) =>
  fc.record(model, { requiredKeys: ['protocol', 'type', ...required] as (keyof T & string)[] });

/** Client messages (wire objects) the protocol accepts, optional members present, absent or null. */
export const validClientWire: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  withOptional({ ...head('state'), state, agent: nullable(agentWire), lease_id: nullable(id), reply: nullable(fc.boolean()) }, ['state']),
  fc.record({ ...head('session_end'), agent: agentWire }),
  fc.record(head('status')),
  fc.record(head('ping')),
  withOptional(
    {
      ...head('subscribe_actions'),
      agent: nullable(agentWire),
      actions: fc.array(action, { minLength: 1, maxLength: 5 }),
      request_id: nullable(id),
      one_shot: nullable(fc.boolean()),
    },
    ['actions'],
  ),
  withOptional({ ...head('session_lease'), lease_id: id, agent: nullable(agentWire), metadata: nullable(metadataWire) }, ['lease_id']),
  fc.record({ ...head('preview'), preview_id: id, state, ttl: fc.oneof(fc.double({ min: 0.001, max: 30, noNaN: true }), fc.constant(30)) }),
  fc.record({ ...head('preview_end'), preview_id: id }),
  fc.record(head('inventory')),
  withOptional(
    {
      ...head('question'),
      agent: nullable(agentWire),
      request_id: id,
      questions: fc.array(
        fc.record(
          {
            question: id,
            header: nullable(fc.string({ maxLength: 10 })),
            options: fc.array(fc.record({ label: id, description: nullable(fc.string({ maxLength: 10 })) }, { requiredKeys: ['label'] }), {
              minLength: 1,
              maxLength: 8,
            }),
            multi_select: nullable(fc.boolean()),
          },
          { requiredKeys: ['question', 'options'] },
        ),
        { minLength: 1, maxLength: 8 },
      ),
    },
    ['request_id', 'questions'],
  ),
  withOptional({ ...head('approval_details'), agent: nullable(agentWire), request_id: id, tool: id, detail: nullable(fc.string({ maxLength: 40 })) }, [
    'request_id',
    'tool',
  ]),
  withOptional(
    {
      ...head('notice'),
      agent: nullable(agentWire),
      notice: fc.constantFrom(...NOTICE_KINDS),
      tool: nullable(fc.string({ maxLength: 20 })),
      detail: nullable(fc.string({ maxLength: 40 })),
    },
    ['notice'],
  ),
  withOptional({ ...head('relay'), host: fc.stringMatching(HOST_NAME_PATTERN), live: nullable(fc.boolean()) }, ['host']),
);

const identity = fc.record({ backend: id, sessionId: id }).map(({ backend, sessionId }) => makeIdentity(backend, sessionId));
const slot = fc.option(fc.integer({ min: 0, max: 7 }), { nil: null });
const metadata = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ minLength: 1, maxLength: 8 }), { maxKeys: 3 });
const text = fc.string({ maxLength: 12 });
const sessionModel = {
  identity,
  state,
  slot,
  accent: fc.option(fc.constantFrom(...IDENTITY_ACCENTS), { nil: null }),
  selected: fc.boolean(),
  leased: fc.boolean(),
  label: text,
};
const sessionReport: fc.Arbitrary<SessionReport> = fc.record(sessionModel);

/** Every kind of message the daemon writes, as typed values for its encoder. */
export const serverMessage: fc.Arbitrary<ServerMessage> = fc.oneof(
  fc.record({ type: fc.constant('state_ack' as const), session: sessionReport }),
  fc.record({ type: fc.constant('session_lease_ack' as const), leaseId: id, session: fc.option(sessionReport, { nil: null }) }),
  fc.record({ type: fc.constant('session_lease_bound' as const), leaseId: id, session: sessionReport }),
  fc.record({ type: fc.constant('action' as const), action, agent: identity, requestId: fc.option(id, { nil: null }) }),
  fc.record({
    type: fc.constant('status' as const),
    status: fc.record({
      profile: text,
      visualProtocol: fc.constant(1),
      input: text,
      output: text,
      surfaces: fc.array(fc.record({ kind: fc.constantFrom(...SURFACE_KINDS), profile: text, visualProtocol: fc.constant(1), input: text, output: text }), {
        maxLength: 3,
      }),
      selected: fc.option(identity, { nil: null }),
      overflowCount: fc.nat(20),
      activityMotion: fc.boolean(),
      audioFeedback: fc.boolean(),
      experience: fc.constantFrom(...EXPERIENCE_KINDS, null),
      previewActive: fc.boolean(),
      sessionTtl: fc.double({ min: 0, max: 1e6, noNaN: true }),
      sessions: fc.array(fc.record({ ...sessionModel, metadata }), { maxLength: 3 }),
    }),
  }),
  fc.constant({ type: 'pong' as const }),
  fc.record({ type: fc.constant('preview_ack' as const), previewId: id, state }),
  fc.record({ type: fc.constant('preview_end_ack' as const), previewId: id }),
  fc.record({
    type: fc.constant('error' as const),
    code: fc.constantFrom(...Object.values(ERROR_CODES)),
    message: fc.constantFrom(...Object.values(ERROR_TEXTS)),
  }),
  fc.record({
    type: fc.constant('inventory' as const),
    inventory: fc.record({
      surfaces: fc.array(fc.record({ kind: text, transport: text, profile: text, input: text, output: text }), { maxLength: 3 }),
      profiles: fc.array(fc.record({ id: text, status: text, opensAutomatically: fc.boolean(), origin: text, source: text }), { maxLength: 3 }),
      profilesOmitted: fc.nat(20),
      refusedProfileFiles: fc.nat(5),
    }),
  }),
  fc.record({ type: fc.constant('question_ack' as const), requestId: id }),
  fc.record({
    type: fc.constant('answer' as const),
    agent: identity,
    requestId: id,
    question: fc.nat(7),
    option: fc.nat(7),
    options: fc.option(
      fc.uniqueArray(fc.nat(7), { minLength: 1, maxLength: 8 }).map((options) => options.sort((a, b) => a - b)),
      { nil: null },
    ),
  }),
);
