import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_STATES, CONTROL_ACTIONS, IDENTITY_ACCENTS, makeIdentity } from '../../src/domain/index.js';
import {
  ERROR_CODES,
  ERROR_TEXTS,
  clientWireObject,
  decodeClientLine,
  serverWireObject,
  type ClientMessage,
  type ServerMessage,
  type SessionReport,
} from '../../src/daemon/wire/index.js';
import { nearMisses, neighbours } from '../helpers/json-mutations.js';
import { publishedSchemaErrors } from '../helpers/published-files.js';

/*
 * The published Wire Protocol 1 schemas describe a hand-written codec. These
 * properties are what make the description trustworthy: the client schema
 * accepts exactly the lines the daemon's decoder accepts, and every message
 * the encoders can write is valid under its schema.
 */

const clientErrors = (message: unknown) => publishedSchemaErrors('wire-protocol-client.schema.json', message);
const daemonErrors = (message: unknown) => publishedSchemaErrors('wire-protocol-daemon.schema.json', message);

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

/** Client messages the protocol accepts, optional members present, absent or null. */
const validClientWire: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
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
);

/** Values that are right for some member and wrong for most. */
const POOL = [
  null, '', 'x', 'running', 'approve', 0, 1, 2, -1, 0.5, 30, 30.5, 7, 8, true, false, [], ['approve'], ['nope'], {},
  { backend: 'b', session_id: 's' }, { backend: 'b', session_id: 's', label: '' }, { '': 'v' }, { backend: '' }, '\u{1f600}',
];

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

const serverMessage: fc.Arbitrary<ServerMessage> = fc.oneof(
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
      surfaces: fc.array(
        fc.record({ kind: fc.constantFrom('midi' as const, 'web' as const), profile: text, visualProtocol: fc.constant(1), input: text, output: text }),
        { maxLength: 3 },
      ),
      selected: fc.option(identity, { nil: null }),
      overflowCount: fc.nat(20),
      activityMotion: fc.boolean(),
      audioFeedback: fc.boolean(),
      experience: fc.constantFrom('demo' as const, 'show' as const, null),
      previewActive: fc.boolean(),
      sessionTtl: fc.double({ min: 0, max: 1e6, noNaN: true }),
      sessions: fc.array(fc.record({ ...sessionModel, metadata }), { maxLength: 3 }),
    }),
  }),
  fc.constant({ type: 'pong' as const }),
  fc.record({ type: fc.constant('preview_ack' as const), previewId: id, state }),
  fc.record({ type: fc.constant('preview_end_ack' as const), previewId: id }),
  fc.record({ type: fc.constant('error' as const), code: fc.constantFrom(...Object.values(ERROR_CODES)), message: fc.constantFrom(...Object.values(ERROR_TEXTS)) }),
);

/** One valid message of each type with every optional member, and one with none. */
const BASES = [
  { protocol: 1, type: 'state', state: 'running', agent: { backend: 'codex', session_id: 's', label: 'l' }, lease_id: 'L', reply: true },
  { protocol: 1, type: 'state', state: 'success' },
  { protocol: 1, type: 'session_end', agent: { backend: 'codex', session_id: 's', cwd: '/' } },
  { protocol: 1, type: 'status' },
  { protocol: 1, type: 'ping' },
  { protocol: 1, type: 'subscribe_actions', agent: { backend: 'b', session_id: 's' }, actions: ['approve', 'stop'], request_id: 'r', one_shot: false },
  { protocol: 1, type: 'subscribe_actions', actions: ['retry'] },
  { protocol: 1, type: 'session_lease', lease_id: 'L', agent: { backend: 'b', session_id: 's' }, metadata: { label: 'm' } },
  { protocol: 1, type: 'session_lease', lease_id: 'L' },
  { protocol: 1, type: 'preview', preview_id: 'p', state: 'error', ttl: 30 },
  { protocol: 1, type: 'preview_end', preview_id: 'p' },
];

/** The daemon's verdict and the schema's on one message, as a line that names the message when they differ. */
function verdicts(message: Record<string, unknown>) {
  const line = JSON.stringify(message);
  const daemon = decodeClientLine(Buffer.from(line)).ok ? 'accepted' : 'rejected';
  const schema = clientErrors(JSON.parse(line)) === null ? 'accepted' : 'rejected';
  return { line, daemon, schema };
}

describe('schemas/wire-protocol-client.schema.json', () => {
  it('accepts exactly what the daemon decodes, for every message one edit away from a valid one', () => {
    const cases = BASES.flatMap((base) => [base, ...neighbours(base, POOL)]).map(verdicts);
    expect(cases.filter((c) => c.daemon !== c.schema)).toEqual([]);
    // Both verdicts must be common, or the agreement proves little.
    expect(cases.filter((c) => c.daemon === 'accepted').length).toBeGreaterThan(100);
    expect(cases.filter((c) => c.daemon === 'rejected').length).toBeGreaterThan(1000);
  });

  it('accepts exactly what the daemon decodes, for random messages up to two edits away from valid ones', () => {
    fc.assert(
      fc.property(nearMisses(validClientWire, POOL), (message) => {
        const verdict = verdicts(message);
        expect(verdict.schema, verdict.line).toBe(verdict.daemon);
      }),
      { numRuns: 1500, seed: 1414 },
    );
  });

  it('accepts every message the client encoder writes', () => {
    const clientMessage = validClientWire.filter((wire) => decodeClientLine(Buffer.from(JSON.stringify(wire))).ok);
    fc.assert(
      fc.property(clientMessage, (wire) => {
        const decoded = decodeClientLine(Buffer.from(JSON.stringify(wire)));
        const encoded = clientWireObject((decoded as { message: ClientMessage }).message);
        expect(clientErrors(encoded), JSON.stringify(encoded)).toBeNull();
      }),
      { numRuns: 500, seed: 15 },
    );
  });
});

describe('schemas/wire-protocol-daemon.schema.json', () => {
  it('accepts every message the daemon encoder can write', () => {
    fc.assert(
      fc.property(serverMessage, (message) => {
        const wire = serverWireObject(message);
        expect(daemonErrors(wire), JSON.stringify(wire)).toBeNull();
      }),
      { numRuns: 1500, seed: 16 },
    );
  });

  it('rejects what the encoder never writes: a missing or unknown member, a wrong type, an unknown error code', () => {
    const ack = serverWireObject({
      type: 'state_ack',
      session: { identity: makeIdentity('codex', 's'), state: 'running', slot: 0, accent: 'cyan', selected: true, leased: false, label: 'x' },
    });
    expect(daemonErrors(ack)).toBeNull();
    const { scene: _scene, ...withoutScene } = ack;
    expect(daemonErrors(withoutScene)).toMatch(/scene/);
    expect(daemonErrors({ ...ack, extra: 1 })).toMatch(/additional properties/);
    expect(daemonErrors({ ...ack, slot: 8, scene: 9 })).not.toBeNull();
    expect(daemonErrors({ protocol: 1, type: 'error', code: 'daemon_error', error: 'x' })).not.toBeNull();
    expect(daemonErrors({ protocol: 1, type: 'ping' })).not.toBeNull();
  });
});
