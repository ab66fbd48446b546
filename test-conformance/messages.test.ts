import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IDLE_EXPERIENCE_VIEW, actionPressed, makeIdentity, makeShowColor, makeSurfaceView } from '../src/domain/index.js';
import { clientWireObject, decodeClientLine, serverWireObject, type ClientMessage } from '../src/wire/index.js';
import { startTestDaemon } from '../test/daemon/helpers/test-daemon.js';
import type { WireClient } from '../test/daemon/helpers/wire-client.js';
import { publishedSchemaErrors } from '../test/helpers/published-files.js';
import { daemonMessage } from '../test/web/helpers/message-arbitraries.js';
import { receivedMessages } from '../test/web/helpers/schema.js';
import { ADMIN_TOKEN, TEST_LAN, startTestBridge } from '../test/web/helpers/test-bridge.js';
import { TestClient, attemptRemote } from '../test/web/helpers/ws-client.js';
import { serverMessage, validClientWire } from '../test/wire/message-arbitraries.js';
import { referenceSchemaErrors } from './helpers/reference.js';
import { hubOf } from '../test/helpers/hub.js';

/**
 * Messages our code really writes, checked against the reference's published
 * schemas (and ours): a scripted session with a real daemon, a real web
 * bridge, and everything the encoders and builders can produce.
 */

const SOCKET = 'socket-protocol-v1.json';
const WEB = 'web-surface-protocol-v1.json';
const agent = makeIdentity('codex', 's1');
/** Our Wire Protocol extensions: the reference daemon answers them unknown_message_type, and a client that did not send them never receives their replies. */
const OUR_TYPES: ReadonlySet<string> = new Set(['inventory', 'question', 'approval_details', 'notice', 'relay', 'question_ack', 'answer']);
/** Surface kinds the reference knows; ours adds `serial` (monome grids) and `hid` (Stream Decks), see the case below. */
const REFERENCE_KINDS: ReadonlySet<string> = new Set(['midi', 'web']);

/** Each message with the reference's verdict, kept only when the reference refuses it. */
const refusedBy = (schema: string, messages: readonly unknown[]) =>
  messages.map((message) => ({ message, errors: referenceSchemaErrors(schema, message) })).filter((entry) => entry.errors !== null);

/** Sends a message our client encoder writes and keeps it. */
function sendEncoded(client: WireClient, sent: unknown[], message: ClientMessage): void {
  const wire = clientWireObject(message);
  sent.push(wire);
  client.send(wire);
}

describe('Wire Protocol 1 messages against the reference schema', () => {
  it('a scripted session with a real daemon: every message sent and received, of every type', async () => {
    const daemon = await startTestDaemon();
    const sent: unknown[] = [];
    const received: Record<string, unknown>[] = [];
    try {
      const client = await daemon.connect();
      const reply = async (from = client) => received.push(await from.nextMessage());
      const script: [ClientMessage, number][] = [
        [{ type: 'ping' }, 1],
        [{ type: 'status' }, 1],
        [{ type: 'state', state: 'waiting_for_approval', agent, metadata: { cwd: '/home/dev/proj' }, leaseId: null, reply: true }, 1],
        [{ type: 'subscribe_actions', agent, actions: ['approve'], requestId: 'r1', oneShot: true }, 0],
        [{ type: 'session_lease', leaseId: 'L1', agent: null, metadata: { label: 'lease' } }, 1],
        [{ type: 'preview', previewId: 'p1', state: 'error', ttl: 5 }, 1],
        [{ type: 'preview_end', previewId: 'p1' }, 1],
        [{ type: 'preview_end', previewId: 'not-mine' }, 1],
      ];
      for (const [message, replies] of script) {
        sendEncoded(client, sent, message);
        for (let i = 0; i < replies; i += 1) await reply();
      }
      daemon.surface.press(actionPressed('approve'));
      await reply();
      // A state naming the lease: the ack goes to its sender, a bound notice to the lease's owner.
      const sender = await daemon.connect();
      sendEncoded(sender, sent, { type: 'state', state: 'running', agent: makeIdentity('claude', 's2'), metadata: {}, leaseId: 'L1', reply: true });
      await reply(sender);
      await reply();
      sendEncoded(sender, sent, { type: 'session_lease', leaseId: 'L2', agent, metadata: {} });
      await reply(sender);
      client.write('{"protocol":1,"type":"state","state":"nope"}\n');
      await reply();
      sendEncoded(client, sent, { type: 'session_end', agent });
      sendEncoded(client, sent, { type: 'status' });
      await reply();
    } finally {
      await daemon.stop();
    }
    expect(new Set(received.map((message) => message['type']))).toEqual(
      new Set(['pong', 'status', 'state_ack', 'session_lease_ack', 'session_lease_bound', 'action', 'preview_ack', 'preview_end_ack', 'error']),
    );
    expect(refusedBy(SOCKET, [...sent, ...received])).toEqual([]);
    for (const message of received) expect(publishedSchemaErrors('wire-protocol-daemon.schema.json', message)).toBeNull();
  });

  it('everything the daemon encoder can write (but our inventory and question extensions; with at least one surface of a kind the reference knows: see the known differences)', () => {
    // `inventory`, `question_ack` and `answer` are our extensions, unknown to the reference (test-conformance/schemas.test.ts).
    const withSurface = serverMessage.filter(
      (message) =>
        !OUR_TYPES.has(message.type) &&
        (message.type !== 'status' || (message.status.surfaces.length > 0 && message.status.surfaces.every((surface) => REFERENCE_KINDS.has(surface.kind)))),
    );
    fc.assert(
      fc.property(withSurface, (message) => {
        const wire = serverWireObject(message);
        expect(referenceSchemaErrors(SOCKET, wire), JSON.stringify(wire).slice(0, 300)).toBeNull();
      }),
      { numRuns: 1000, seed: 2026 },
    );
  });

  it('everything the client encoder writes, but our extensions (inventory, question, approval_details, notice, relay)', () => {
    fc.assert(
      fc.property(validClientWire, (wire) => {
        const decoded = decodeClientLine(Buffer.from(JSON.stringify(wire)));
        if (!decoded.ok || OUR_TYPES.has(decoded.message.type)) return;
        const encoded = clientWireObject(decoded.message);
        expect(referenceSchemaErrors(SOCKET, encoded), JSON.stringify(encoded)).toBeNull();
      }),
      { numRuns: 1000, seed: 2027 },
    );
  });

  it('known difference: a monome grid or a Stream Deck is reported as a surface of kind serial or hid, which the reference schema refuses', async () => {
    const daemon = await startTestDaemon({ surfaces: hubOf([]) });
    try {
      const status = await daemon.request({ protocol: 1, type: 'status' });
      const withGrid = {
        ...status,
        surfaces: [{ kind: 'serial', profile: 'monome/grid/128', visual_protocol: 1, input: '/dev/ttyUSB0', output: '/dev/ttyUSB0' }],
      };
      expect(publishedSchemaErrors('wire-protocol-daemon.schema.json', withGrid)).toBeNull();
      expect(referenceSchemaErrors(SOCKET, withGrid)).toMatch(/kind must be equal to one of the allowed values/);
    } finally {
      await daemon.stop();
    }
  });

  it('known difference: a headless daemon (no surface) reports `surfaces: []`, which the reference schema refuses', async () => {
    const daemon = await startTestDaemon({ surfaces: hubOf([]) });
    try {
      const status = await daemon.request({ protocol: 1, type: 'status' });
      expect(status['surfaces']).toEqual([]);
      expect(referenceSchemaErrors(SOCKET, status)).toMatch(/surfaces must NOT have fewer than 1 items/);
    } finally {
      await daemon.stop();
    }
  });
});

describe('Web Surface Protocol 1 messages against the reference schema', () => {
  it('a scripted session with a real bridge: admin, pairing, a paired phone, revocation, a refused command', async () => {
    receivedMessages.length = 0;
    const web = await startTestBridge({ lan: TEST_LAN });
    try {
      const admin = await TestClient.open(web.port);
      expect(await admin.authenticate(ADMIN_TOKEN)).toMatchObject({ type: 'authenticated', admin: true });
      await admin.drainUntilBarrier();
      const { surface } = web.bridge;
      surface.render(
        makeSurfaceView({
          selectedState: 'waiting_for_approval',
          sessions: [{ slot: 0, state: 'waiting_for_approval', selected: true, label: 'Builder' }],
          availableActions: ['approve'],
        }),
      );
      expect((await admin.next()).type).toBe('surface');
      surface.setExperience({ ...IDLE_EXPERIENCE_VIEW, status: 'playing', kind: 'show', title: 'Show', cueIndex: 0, durationMs: 43_100 });
      expect((await admin.next()).type).toBe('experience_state');
      const lit = makeShowColor('red', [255, 0, 0]);
      surface.renderShowFrame({ grid: Array.from({ length: 8 }, () => Array(8).fill(lit)), top: Array(8).fill(lit), right: Array(8).fill(lit) });
      expect((await admin.next()).type).toBe('performance_frame');
      admin.send({ protocol: 1, type: 'create_pairing' });
      const pairing = await admin.next();
      const phone = await attemptRemote(web.port, '192.168.1.40', String(pairing['pin']));
      expect(phone.reply).toMatchObject({ type: 'authenticated', admin: false });
      admin.send({ protocol: 1, type: 'revoke_remote' });
      expect(await admin.next()).toMatchObject({ type: 'remote_revoked' });
      await phone.client.closed;
      admin.close();
    } finally {
      await web.stop();
    }
    const types = new Set(receivedMessages.map(({ text }) => (JSON.parse(text) as { type: string }).type));
    expect(types).toEqual(new Set(['authenticated', 'surface', 'experience_state', 'performance_frame', 'error', 'pairing', 'remote_revoked']));
    expect(
      refusedBy(
        WEB,
        receivedMessages.map(({ text }) => JSON.parse(text) as unknown),
      ),
    ).toEqual([]);
  });

  it('everything the daemon builds, performance frames included (but our opt-in extensions)', () => {
    const extensions = new Set(['extensions', 'press_result', 'overflow', 'prompt', 'experience_block']);
    fc.assert(
      fc.property(
        daemonMessage.filter((message) => !extensions.has((message as { type: string }).type)),
        (message) => {
          expect(referenceSchemaErrors(WEB, message), JSON.stringify(message).slice(0, 300)).toBeNull();
        },
      ),
      { numRuns: 1000, seed: 2028 },
    );
  });

  it('every command the browser app sends', () => {
    const commands = [
      { type: 'authenticate', credential: ADMIN_TOKEN },
      { type: 'authenticate' },
      ...['approve', 'reject', 'stop', 'retry'].map((action) => ({ type: 'action', action })),
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((slot) => ({ type: 'select_session', slot })),
      { type: 'create_pairing' },
      { type: 'revoke_remote' },
      { type: 'start_experience', kind: 'demo' },
      { type: 'start_experience', kind: 'show' },
      { type: 'stop_experience' },
    ].map((command) => ({ protocol: 1, ...command }));
    expect(refusedBy(WEB, commands)).toEqual([]);
  });
});
