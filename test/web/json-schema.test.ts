import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeSurfaceView } from '../../src/domain/index.js';
import { CLIENT_COMMAND_TYPES, decodeClientMessage } from '../../src/web/protocol/client-message.js';
import { WEB_ERRORS } from '../../src/web/protocol/errors.js';
import { REMOTE_REVOKED_MESSAGE, errorMessage } from '../../src/web/protocol/server-messages.js';
import { surfaceMessage } from '../../src/web/protocol/surface-message.js';
import { neighbours } from '../helpers/json-mutations.js';
import { publishedSchemaErrors, readPublished } from '../helpers/published-files.js';
import { daemonMessage } from './helpers/message-arbitraries.js';

/*
 * The published Web Surface Protocol 1 schemas describe a hand-written codec:
 * the browser-message schema accepts exactly what the daemon decodes, and
 * every message the daemon's builders can write is valid under its schema.
 */

const clientErrors = (message: unknown) => publishedSchemaErrors('web-surface-protocol-client.schema.json', message);
const daemonErrors = (message: unknown) => publishedSchemaErrors('web-surface-protocol-daemon.schema.json', message);

/** One valid message of each type, with the optional credential and without. */
const BASES = [
  { protocol: 1, type: 'authenticate', credential: 'a'.repeat(256) },
  { protocol: 1, type: 'authenticate', credential: '\u{1f600}'.repeat(256) },
  { protocol: 1, type: 'authenticate' },
  { protocol: 1, type: 'action', action: 'approve' },
  { protocol: 1, type: 'select_session', slot: 7 },
  { protocol: 1, type: 'create_pairing' },
  { protocol: 1, type: 'revoke_remote' },
  { protocol: 1, type: 'start_experience', kind: 'show' },
  { protocol: 1, type: 'stop_experience' },
  { protocol: 1, type: 'use_extensions', extensions: ['press_results', 'overflow', 'not-yet-invented'] },
  { protocol: 1, type: 'select_agent', agent: 3 },
  { protocol: 1, type: 'answer_option', ref: 4, question: 0, option: 2 },
  { protocol: 1, type: 'share_details', enabled: true },
  { protocol: 1, type: 'action_hold', action: 'approve', down: true },
];

/** Values that are right for some member and wrong for most (a 257-character credential among them). */
const POOL = [
  null,
  '',
  'x',
  'approve',
  'nope',
  'demo',
  'show',
  0,
  1,
  2,
  -1,
  0.5,
  7,
  8,
  7.0000001,
  1e16,
  true,
  [],
  {},
  ['overflow', 'x'],
  [1],
  Array(17).fill('x'),
  'a'.repeat(257),
  '\u{1f600}'.repeat(257),
];

function verdicts(message: Record<string, unknown>) {
  const text = JSON.stringify(message);
  const daemon = decodeClientMessage(Buffer.from(text)).ok ? 'accepted' : 'rejected';
  const schema = clientErrors(JSON.parse(text)) === null ? 'accepted' : 'rejected';
  return { text: text.slice(0, 120), daemon, schema };
}

describe('schemas/web-surface-protocol-client.schema.json', () => {
  it('lists every type the decoder knows, and the bases below try each', () => {
    const types = (readPublished('web-surface-protocol-client.schema.json')['oneOf'] as { properties: { type: { const: string } } }[]).map(
      (b) => b.properties.type.const,
    );
    expect(types.sort()).toEqual([...CLIENT_COMMAND_TYPES].sort());
    expect([...new Set(BASES.map((base) => base.type))].sort()).toEqual([...CLIENT_COMMAND_TYPES].sort());
  });

  it('accepts exactly what the daemon decodes, for every message one edit away from a valid one', () => {
    const cases = BASES.flatMap((base) => [base, ...neighbours(base, POOL)]).map(verdicts);
    expect(cases.filter((c) => c.daemon !== c.schema)).toEqual([]);
    expect(cases.filter((c) => c.daemon === 'accepted').length).toBeGreaterThan(30);
    expect(cases.filter((c) => c.daemon === 'rejected').length).toBeGreaterThan(300);
  });
});

describe('schemas/web-surface-protocol-daemon.schema.json', () => {
  it('accepts every message the daemon builds', () => {
    fc.assert(
      fc.property(daemonMessage, (message) => {
        expect(daemonErrors(message), JSON.stringify(message).slice(0, 300)).toBeNull();
      }),
      { numRuns: 1000, seed: 41 },
    );
  });

  it('rejects what the daemon never writes', () => {
    const surface = surfaceMessage(makeSurfaceView({ selectedState: 'running', sessions: [{ slot: 0, state: 'running', label: 'x' }] }));
    expect(daemonErrors(surface)).toBeNull();
    expect(daemonErrors({ ...surface, visual_protocol: 2 })).not.toBeNull();
    expect(daemonErrors({ ...surface, visual_frame: { ...surface.visual_frame, overflow: 'idle' } })).not.toBeNull();
    expect(daemonErrors({ ...surface, view: { ...surface.view, sessions: [{ ...surface.view.sessions[0]!, label: '' }] } })).not.toBeNull();
    expect(daemonErrors({ ...errorMessage(WEB_ERRORS.forbidden), code: 'teapot' })).not.toBeNull();
    expect(daemonErrors({ ...REMOTE_REVOKED_MESSAGE, extra: true })).not.toBeNull();
  });
});
