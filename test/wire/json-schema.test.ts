import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { CLIENT_MESSAGE_TYPES, SERVER_MESSAGE_TYPES, clientWireObject, decodeClientLine, serverWireObject, type ClientMessage } from '../../src/wire/index.js';
import { nearMisses, neighbours } from '../helpers/json-mutations.js';
import { publishedSchemaErrors, readPublished } from '../helpers/published-files.js';
import { serverMessage, validClientWire } from './message-arbitraries.js';

/*
 * The published Wire Protocol 1 schemas describe a hand-written codec. These
 * properties are what make the description trustworthy: the client schema
 * accepts exactly the lines the daemon's decoder accepts, and every message
 * the encoders can write is valid under its schema.
 */

const clientErrors = (message: unknown) => publishedSchemaErrors('wire-protocol-client.schema.json', message);
const daemonErrors = (message: unknown) => publishedSchemaErrors('wire-protocol-daemon.schema.json', message);

/** Values that are right for some member and wrong for most. */
const POOL = [
  null,
  '',
  'x',
  'running',
  'approve',
  0,
  1,
  2,
  -1,
  0.5,
  30,
  30.5,
  7,
  8,
  true,
  false,
  [],
  ['approve'],
  ['nope'],
  {},
  { backend: 'b', session_id: 's' },
  { backend: 'b', session_id: 's', label: '' },
  { '': 'v' },
  { backend: '' },
  '\u{1f600}',
];

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
  { protocol: 1, type: 'inventory' },
  {
    protocol: 1,
    type: 'question',
    agent: { backend: 'claude', session_id: 's' },
    request_id: 'q',
    questions: [{ question: 'Q?', header: 'H', options: [{ label: 'a', description: 'd' }, { label: 'b' }], multi_select: false }],
  },
  { protocol: 1, type: 'question', request_id: 'q', questions: [{ question: 'Q?', options: [{ label: 'a' }] }] },
  { protocol: 1, type: 'approval_details', agent: { backend: 'b', session_id: 's' }, request_id: 'r', tool: 'Bash', detail: 'ls' },
  { protocol: 1, type: 'approval_details', request_id: 'r', tool: 'Bash' },
  { protocol: 1, type: 'notice', agent: { backend: 'b', session_id: 's' }, notice: 'denied', tool: 'Bash', detail: 'rm -rf /' },
  { protocol: 1, type: 'notice', notice: 'answer_in_terminal' },
  { protocol: 1, type: 'relay', host: 'devbox', live: true },
  { protocol: 1, type: 'relay', host: 'dev-vm_2.a' },
];

/** The daemon's verdict and the schema's on one message, as a line that names the message when they differ. */
function verdicts(message: Record<string, unknown>) {
  const line = JSON.stringify(message);
  const daemon = decodeClientLine(Buffer.from(line)).ok ? 'accepted' : 'rejected';
  const schema = clientErrors(JSON.parse(line)) === null ? 'accepted' : 'rejected';
  return { line, daemon, schema };
}

/** The `type` constants a published protocol schema lists, sorted. */
const typesIn = (file: 'wire-protocol-client.schema.json' | 'wire-protocol-daemon.schema.json') =>
  (readPublished(file)['oneOf'] as { properties: { type: { const: string } } }[]).map((branch) => branch.properties.type.const).sort();

describe('the wire schemas cover every message type of the codec', () => {
  it('client and daemon types, as the codec lists them; the bases below try every client type', () => {
    expect(typesIn('wire-protocol-client.schema.json')).toEqual([...CLIENT_MESSAGE_TYPES].sort());
    expect(typesIn('wire-protocol-daemon.schema.json')).toEqual([...SERVER_MESSAGE_TYPES].sort());
    expect([...new Set(BASES.map((base) => base.type))].sort()).toEqual([...CLIENT_MESSAGE_TYPES].sort());
  });
});

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
      { numRuns: 300, seed: 1414 },
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
      { numRuns: 500, seed: 16 },
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
