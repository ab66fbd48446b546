import { describe, expect, it } from 'vitest';
import { actionPressed } from '../../src/domain/index.js';
import { testDaemonPerTest } from '../daemon/helpers/test-daemon.js';
import { nextValidMessage } from '../daemon/helpers/schema.js';
import { eventually, type WireClient } from '../daemon/helpers/wire-client.js';

const PONG = '{"protocol":1,"type":"pong"}';

const daemon = testDaemonPerTest();

type Json = Record<string, unknown>;

/** Every server message a test reads is also checked against our published schema. */
const next = nextValidMessage;

async function request(client: WireClient, message: unknown): Promise<Json> {
  client.send(message);
  return next(client);
}

/** Proves nothing was sent before: the next line on this connection is the pong. */
async function expectNothingThenPong(client: WireClient): Promise<void> {
  client.send({ protocol: 1, type: 'ping' });
  expect(await client.nextLine()).toBe(PONG);
}

async function status(): Promise<Json> {
  const client = await daemon().connect();
  const reply = await request(client, { protocol: 1, type: 'status' });
  client.destroy();
  return reply;
}

const sessions = async () => (await status())['sessions'] as Json[];
const state = (s: string, extra: Json = {}) => ({ protocol: 1, type: 'state', state: s, ...extra });
const agent = (backend: string, sessionId: string, extra: Json = {}) => ({ backend, session_id: sessionId, ...extra });
const errorOf = (message: Json) => ({ code: message['code'], error: message['error'] });

describe('wire-protocol-1.md §12', () => {
  it('scenario 2: status of a fresh daemon', async () => {
    const reply = await status();
    expect(reply).toMatchObject({
      type: 'status',
      selected: null,
      overflow_count: 0,
      experience: null,
      preview_active: false,
      sessions: [],
    });
    expect(reply['session_ttl']).toBe(86_400);
    expect(reply['surfaces']).toEqual([{ kind: 'midi', profile: 'test/recording', visual_protocol: 1, input: 'Recording In', output: 'Recording Out' }]);
  });

  it('scenario 19: default identity with ack, exact bytes', async () => {
    const client = await daemon().connect();
    client.write('{"protocol":1,"type":"state","state":"running","reply":true}\n');
    expect(await client.nextLine()).toBe(
      '{"protocol":1,"type":"state_ack","backend":"local","session_id":"default","state":"running","slot":0,"scene":1,"accent":"cyan","selected":true,"leased":false,"label":"default"}',
    );
  });

  it('scenario 20: state without reply sends nothing; status lists the session', async () => {
    const client = await daemon().connect();
    client.send(state('running'));
    await expectNothingThenPong(client);
    expect((await sessions()).map((s) => s['session_id'])).toEqual(['default']);
  });

  it('scenario 21: agent members other than the identity are metadata', async () => {
    const client = await daemon().connect();
    const ack = await request(client, state('running', { agent: agent('codex', 's1', { cwd: '/home/dev/proj/', model: 'm' }), reply: true }));
    expect(ack).toMatchObject({ type: 'state_ack', label: 'proj' });
    expect(ack).not.toHaveProperty('metadata');
    expect((await sessions())[0]!['metadata']).toEqual({ cwd: '/home/dev/proj/', model: 'm' });
  });

  it('scenario 22: bad metadata is rejected and creates no session', async () => {
    const client = await daemon().connect();
    const empty = await request(client, state('running', { agent: agent('codex', 's1', { label: '' }) }));
    expect(empty['code']).toBe('invalid_message');
    expect(empty['error']).toContain('metadata values');
    const emptyKey = await request(client, state('running', { agent: agent('codex', 's1', { '': 'x' }) }));
    expect(errorOf(emptyKey)).toEqual({ code: 'invalid_message', error: 'agent metadata keys must be non-empty strings' });
    expect(await sessions()).toEqual([]);
  });

  it('scenario 23: top-level metadata on state is an unknown field', async () => {
    const client = await daemon().connect();
    expect(errorOf(await request(client, state('running', { metadata: { a: 'b' } })))).toEqual({
      code: 'invalid_message',
      error: 'unknown field: metadata',
    });
  });

  it('scenario 24: field type errors, agent checked before state', async () => {
    const client = await daemon().connect();
    const cases: [Json, string][] = [
      [state('running', { reply: 1 }), 'reply must be a boolean'],
      [state('running', { lease_id: '' }), 'lease_id must be a non-empty string'],
      [state('running', { agent: 'codex' }), 'agent must be a JSON object'],
      [state('bogus', { agent: agent('', 'b') }), 'agent.backend must be a non-empty string'],
    ];
    for (const [message, text] of cases) expect(errorOf(await request(client, message))).toEqual({ code: 'invalid_message', error: text });
  });

  it('scenario 25: a missing or unknown state is rejected', async () => {
    const client = await daemon().connect();
    expect(errorOf(await request(client, { protocol: 1, type: 'state' }))).toEqual({ code: 'invalid_message', error: 'unknown state: None' });
    expect(errorOf(await request(client, state('thinking')))).toEqual({ code: 'invalid_message', error: 'unknown state: thinking' });
  });

  it('scenario 26: session_end needs an agent, answers nothing and removes a known session', async () => {
    const client = await daemon().connect();
    const end = (a: unknown) => ({ protocol: 1, type: 'session_end', ...(a === undefined ? {} : { agent: a }) });
    expect(errorOf(await request(client, end(undefined)))).toEqual({ code: 'invalid_message', error: 'agent must be a JSON object' });
    expect(errorOf(await request(client, end(null)))).toEqual({ code: 'invalid_message', error: 'agent must be a JSON object' });
    client.send(end(agent('codex', 'unknown')));
    await expectNothingThenPong(client);
    client.send(state('running', { agent: agent('codex', 'known') }));
    client.send(end(agent('codex', 'known', { ignored: 5 })));
    await expectNothingThenPong(client);
    expect(await sessions()).toEqual([]);
  });

  it('scenario 27: subscribe_actions validation', async () => {
    const client = await daemon().connect();
    const sub = (extra: Json) => ({ protocol: 1, type: 'subscribe_actions', actions: ['stop'], ...extra });
    const cases: [Json, string][] = [
      [sub({ actions: [] }), 'actions must be a non-empty JSON array'],
      [sub({ actions: 'stop' }), 'actions must be a non-empty JSON array'],
      [sub({ actions: ['merge'] }), 'actions contains an unknown control action'],
      [sub({ actions: [[]] }), 'actions contains an unknown control action'],
      [sub({ actions: [{}] }), 'actions contains an unknown control action'],
      [sub({ one_shot: 'yes' }), 'one_shot must be a boolean'],
      [sub({ request_id: 7 }), 'request_id must be a non-empty string'],
    ];
    for (const [message, text] of cases) expect(errorOf(await request(client, message))).toEqual({ code: 'invalid_message', error: text });
    client.send(sub({ actions: ['stop', 'stop'] }));
    await expectNothingThenPong(client);
  });

  it('scenario 28: subscribe has no ack and defaults the identity', async () => {
    const client = await daemon().connect();
    client.write('{"protocol":1,"type":"subscribe_actions","actions":["stop"]}\n');
    await expectNothingThenPong(client);
    expect(await sessions()).toEqual([
      expect.objectContaining({ backend: 'local', session_id: 'default', state: 'waiting_for_reply', slot: 0, selected: true }),
    ]);
  });

  it('scenario 29: action messages have the exact format, with and without request id', async () => {
    const reporter = await daemon().connect();
    reporter.send(state('waiting_for_approval', { agent: agent('codex', 's1') }));
    await expectNothingThenPong(reporter);
    const approver = await daemon().connect();
    approver.send({ protocol: 1, type: 'subscribe_actions', agent: agent('codex', 's1'), actions: ['approve', 'reject'], request_id: 'r1', one_shot: true });
    await expectNothingThenPong(approver);
    daemon().surface.press(actionPressed('approve'));
    expect(await approver.nextLine()).toBe('{"protocol":1,"type":"action","action":"approve","agent":{"backend":"codex","session_id":"s1"},"request_id":"r1"}');

    reporter.send(state('running', { agent: agent('codex', 's1') }));
    await expectNothingThenPong(reporter);
    const stopper = await daemon().connect();
    stopper.send({ protocol: 1, type: 'subscribe_actions', agent: agent('codex', 's1'), actions: ['stop'] });
    await expectNothingThenPong(stopper);
    daemon().surface.press(actionPressed('stop'));
    expect(await stopper.nextLine()).toBe('{"protocol":1,"type":"action","action":"stop","agent":{"backend":"codex","session_id":"s1"}}');
    await expectNothingThenPong(approver);
  });

  it('scenario 30: lease ack without agent, exact bytes', async () => {
    const client = await daemon().connect();
    client.write('{"protocol":1,"type":"session_lease","lease_id":"lease-1","metadata":{"label":"docs"}}\n');
    expect(await client.nextLine()).toBe('{"protocol":1,"type":"session_lease_ack","lease_id":"lease-1"}');
  });

  it('scenario 31: lease ack with agent embeds the session; extra agent members are ignored', async () => {
    const client = await daemon().connect();
    const ack = await request(client, { protocol: 1, type: 'session_lease', lease_id: 'L', agent: agent('x', 'y', { junk: '' }) });
    expect(ack).toEqual({
      protocol: 1,
      type: 'session_lease_ack',
      lease_id: 'L',
      session: {
        protocol: 1,
        type: 'state_ack',
        backend: 'x',
        session_id: 'y',
        state: 'waiting_for_reply',
        slot: 0,
        scene: 1,
        accent: 'cyan',
        selected: true,
        leased: true,
        label: 'y',
      },
    });
  });

  it('scenario 32: lease validation, and a missing lease_id does not stop the daemon', async () => {
    const client = await daemon().connect();
    const lease = (extra: Json) => ({ protocol: 1, type: 'session_lease', lease_id: 'L', ...extra });
    const cases: [Json, string][] = [
      [lease({ lease_id: 5 }), 'lease_id must be a non-empty string'],
      [lease({ metadata: [] }), 'metadata must be a JSON object'],
      [lease({ metadata: { k: 5 } }), 'metadata values must be non-empty strings'],
      [lease({ agent: {} }), 'agent.backend must be a non-empty string'],
      [{ protocol: 1, type: 'session_lease' }, 'lease_id must be a non-empty string'],
      [lease({ lease_id: null }), 'lease_id must be a non-empty string'],
    ];
    for (const [message, text] of cases) expect(errorOf(await request(client, message))).toEqual({ code: 'invalid_message', error: text });
    await expectNothingThenPong(client);
  });

  it('scenario 33: session_lease_bound goes to the owner with the pre-update snapshot, on every leased state', async () => {
    const owner = await daemon().connect();
    expect((await request(owner, { protocol: 1, type: 'session_lease', lease_id: 'lease-1', metadata: { label: 'docs' } }))['type']).toBe('session_lease_ack');
    const sender = await daemon().connect();
    const ack = await request(sender, state('running', { agent: agent('codex', 's1'), lease_id: 'lease-1', reply: true }));
    expect(ack).toMatchObject({ type: 'state_ack', state: 'running', leased: true, label: 'docs' });
    const bound = await next(owner);
    expect(bound).toMatchObject({
      type: 'session_lease_bound',
      lease_id: 'lease-1',
      session: { type: 'state_ack', state: 'waiting_for_reply', backend: 'codex', session_id: 's1' },
    });
    sender.send(state('success', { agent: agent('codex', 's1'), lease_id: 'lease-1' }));
    await expectNothingThenPong(sender);
    expect(await next(owner)).toMatchObject({ type: 'session_lease_bound', session: { state: 'running' } });
  });

  it('scenario 34: preview ttl bounds', async () => {
    const client = await daemon().connect();
    const preview = (ttl: unknown) => ({ protocol: 1, type: 'preview', preview_id: 'p', state: 'success', ttl });
    for (const ttl of [30, 0.000001]) expect((await request(client, preview(ttl)))['type']).toBe('preview_ack');
    for (const ttl of [0, 31, 30.0001, true, '5']) {
      expect(errorOf(await request(client, preview(ttl)))).toEqual({ code: 'invalid_message', error: 'ttl must be greater than zero and at most 30' });
    }
  });

  it('scenario 35: preview lifecycle, conflicts and ownership', async () => {
    const a = await daemon().connect();
    const b = await daemon().connect();
    const preview = (id: string, s: string) => ({ protocol: 1, type: 'preview', preview_id: id, state: s, ttl: 5 });
    const end = (id: string) => ({ protocol: 1, type: 'preview_end', preview_id: id });
    a.write('{"protocol":1,"type":"preview","preview_id":"p1","state":"error","ttl":5}\n');
    expect(await a.nextLine()).toBe('{"protocol":1,"type":"preview_ack","preview_id":"p1","state":"error"}');
    expect(errorOf(await request(b, preview('p2', 'success')))).toEqual({
      code: 'preview_conflict',
      error: 'surface preview is already owned by another client',
    });
    expect(errorOf(await request(a, preview('p3', 'success')))).toEqual({ code: 'preview_conflict', error: 'client already owns a different surface preview' });
    expect(await request(a, preview('p1', 'success'))).toEqual({ protocol: 1, type: 'preview_ack', preview_id: 'p1', state: 'success' });
    expect(errorOf(await request(b, end('p1')))).toEqual({ code: 'preview_not_owned', error: 'surface preview is not owned by this client' });
    a.write('{"protocol":1,"type":"preview_end","preview_id":"p1"}\n');
    expect(await a.nextLine()).toBe('{"protocol":1,"type":"preview_end_ack","preview_id":"p1"}');
    expect((await request(a, end('p1')))['code']).toBe('preview_not_owned');
  });

  it('scenario 36: status.preview_active follows the preview through end, expiry and disconnect', async () => {
    const owner = await daemon().connect();
    const preview = (id: string, ttl: number) => ({ protocol: 1, type: 'preview', preview_id: id, state: 'success', ttl });
    const active = async () => (await status())['preview_active'];
    await request(owner, preview('p1', 5));
    expect(await active()).toBe(true);
    await request(owner, { protocol: 1, type: 'preview_end', preview_id: 'p1' });
    expect(await active()).toBe(false);
    await request(owner, preview('p2', 0.05));
    await eventually(async () => (await active()) === false, 5000, 'preview expiry');
    await request(owner, preview('p3', 30));
    expect(await active()).toBe(true);
    owner.destroy();
    await eventually(async () => (await active()) === false, 5000, 'preview cleared on disconnect');
  });

  it('scenario 37: status lists slots in order, then overflow least recently active first', async () => {
    const client = await daemon().connect();
    client.send(state('running', { agent: agent('codex', 'A') }));
    for (const id of ['B', 'C', 'D']) client.send(state('waiting_for_approval', { agent: agent('codex', id) }));
    for (const id of ['E', 'F']) client.send(state('running', { agent: agent('codex', id) }));
    const reply = await request(client, { protocol: 1, type: 'status' });
    const list = reply['sessions'] as Json[];
    expect(list.map((s) => [s['session_id'], s['slot']])).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 2],
      ['D', 3],
      ['E', null],
      ['F', null],
    ]);
    expect(reply['overflow_count']).toBe(2);
  });

  it('scenario 38: output escapes every non-ASCII character, labels count code points', async () => {
    const client = await daemon().connect();
    client.send(state('running', { agent: agent('codex', 'é😀abcdefghij'), reply: true }));
    const line = await client.nextLine();
    expect(line).toContain('"session_id":"\\u00e9\\ud83d\\ude00abcdefghij"');
    expect(line).toContain('"label":"\\u00e9\\ud83d\\ude00abcdef"');
    expect(/^[\x20-\x7e]*$/.test(line)).toBe(true);
  });
});
