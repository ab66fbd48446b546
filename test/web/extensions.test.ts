import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeIdentity, type SurfaceEvent } from '../../src/domain/index.js';
import { MAX_PENDING_SURFACE_EVENTS } from '../../src/web/limits.js';
import { createAppFixture } from './helpers/app-fixture.js';
import { schemaErrors } from './helpers/schema.js';
import { ADMIN_TOKEN, startTestBridge, type TestBridge } from './helpers/test-bridge.js';
import { TestClient, type ServerMessage } from './helpers/ws-client.js';
import { startPadCommand, type WebDaemon } from '../web-browser/helpers/web-daemon.js';

const REFERENCE_TYPES = new Set(['authenticated', 'pairing', 'surface', 'experience_state', 'performance_frame', 'remote_revoked', 'error']);

const app = createAppFixture();
const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});
afterAll(() => app.remove());

async function testBridge(): Promise<TestBridge> {
  const web = await startTestBridge();
  stops.push(() => web.stop());
  return web;
}

async function daemon(): Promise<WebDaemon> {
  const started = await startPadCommand('web', ['--no-open', '--port', '0'], { assetRoot: app.root });
  stops.push(() => started.stop());
  return started;
}

async function admin(port: number, token = ADMIN_TOKEN): Promise<TestClient> {
  const client = await TestClient.open(port);
  stops.push(async () => client.close());
  expect(await client.authenticate(token)).toMatchObject({ type: 'authenticated', admin: true });
  await client.drainUntilBarrier();
  return client;
}

const send = (client: TestClient, type: string, fields: Record<string, unknown> = {}) => client.send({ protocol: 1, type, ...fields });

/** Messages until one of `type` arrives (inclusive). */
async function until(client: TestClient, type: string): Promise<ServerMessage[]> {
  const seen: ServerMessage[] = [];
  for (;;) {
    const message = await client.next(10_000);
    seen.push(message);
    if (message.type === type) return seen;
  }
}

const tokenOf = (started: WebDaemon) => new URL(started.adminUrl).hash.replace('#admin=', '');

/** The daemon's admin, with `extensions` agreed. */
async function adminUsing(started: WebDaemon, extensions: string[]): Promise<TestClient> {
  const client = await admin(started.port, tokenOf(started));
  send(client, 'use_extensions', { extensions });
  await until(client, 'extensions');
  return client;
}

describe('our Web Surface Protocol extensions: opt-in only', () => {
  it('use_extensions answers with the names this bridge knows and ignores the rest', async () => {
    const web = await testBridge();
    const client = await admin(web.port);
    send(client, 'use_extensions', { extensions: ['overflow', 'from-the-future', 'press_results'] });
    expect(await client.next()).toEqual({ protocol: 1, type: 'extensions', extensions: ['press_results', 'overflow'] });
    send(client, 'use_extensions', { extensions: [] });
    expect(await client.next()).toEqual({ protocol: 1, type: 'extensions', extensions: [] });
  });

  it.each([
    [{ extensions: 'overflow' }, 'extensions must be a list of at most 16 names'],
    [{ extensions: [1] }, 'extensions must be a list of at most 16 names'],
    [{ extensions: Array.from({ length: 17 }, () => 'x') }, 'extensions must be a list of at most 16 names'],
    [{}, 'missing field: extensions'],
    [{ extensions: [], x: 1 }, 'unknown field: x'],
  ])('use_extensions %j is an invalid_message and the connection stays open', async (fields, text) => {
    const web = await testBridge();
    const client = await admin(web.port);
    send(client, 'use_extensions', fields);
    expect(await client.next()).toEqual({ protocol: 1, type: 'error', code: 'invalid_message', error: text });
    expect(await client.drainUntilBarrier()).toEqual([]);
  });

  it.each([[-1], [1.5], ['3'], [true], [null]])('select_agent with agent %j is refused by name', async (agent) => {
    const web = await testBridge();
    const client = await admin(web.port);
    send(client, 'select_agent', { agent });
    expect(await client.next()).toMatchObject({ code: 'invalid_message', error: 'agent must be a non-negative integer' });
  });

  it('without use_extensions a press queues exactly the reference event; with press_results it carries a receipt', async () => {
    const web = await testBridge();
    const client = await admin(web.port);
    send(client, 'action', { action: 'approve' });
    await client.drainUntilBarrier();
    expect(web.bridge.surface.pollEvents()).toEqual([{ type: 'action_pressed', action: 'approve' }]);

    send(client, 'use_extensions', { extensions: ['press_results'] });
    await client.next();
    send(client, 'action', { action: 'stop' });
    await client.drainUntilBarrier();
    const [event] = web.bridge.surface.pollEvents() as (SurfaceEvent & { receipt?: { settle(outcome: unknown): void } })[];
    expect(event).toMatchObject({ type: 'action_pressed', action: 'stop' });
    event!.receipt!.settle({ kind: 'refused', action: 'stop', reason: 'nothing_waiting' });
    expect(await client.next()).toEqual({ protocol: 1, type: 'press_result', press: 'stop', outcome: 'refused', reason: 'nothing_waiting', agent: null });
  });

  it('a press the full queue drops is answered with "dropped" at once', async () => {
    const web = await testBridge();
    const client = await admin(web.port);
    send(client, 'use_extensions', { extensions: ['press_results'] });
    await client.next();
    web.clock.advance(1.1);
    // 256 Scene presses fill the queue; the command rate allows 20 a second (19 presses and the barrier), so the clock moves on.
    for (let sent = 0; sent < MAX_PENDING_SURFACE_EVENTS; ) {
      for (const end = Math.min(sent + 19, MAX_PENDING_SURFACE_EVENTS); sent < end; sent += 1) send(client, 'select_session', { slot: 0 });
      await client.drainUntilBarrier();
      web.clock.advance(1.1);
    }
    send(client, 'action', { action: 'approve' });
    expect(await client.next()).toEqual({ protocol: 1, type: 'press_result', press: 'approve', outcome: 'dropped', reason: null, agent: null });
    expect(web.bridge.surface.pollEvents()).toHaveLength(MAX_PENDING_SURFACE_EVENTS);
  });
});

describe('our Web Surface Protocol extensions through the daemon', () => {
  const agent = (n: number) => makeIdentity('codex', `agent-${n}`);

  it('a reference client sees only reference messages, even with overflow and presses', async () => {
    const started = await daemon();
    const client = await admin(started.port, tokenOf(started));
    for (let n = 1; n <= 9; n += 1) await started.client.reportState('running', { agent: agent(n), metadata: { label: `agent ${n}` }, reply: true });
    send(client, 'action', { action: 'approve' });
    send(client, 'select_agent', { agent: 9 });
    await until(client, 'surface');
    const rest = await client.drainUntilBarrier();
    expect(rest.every((message) => REFERENCE_TYPES.has(message.type))).toBe(true);
  });

  it('overflow lists the agents without a Scene; select_agent gives one a Scene and press_result says so', async () => {
    const started = await daemon();
    const client = await adminUsing(started, ['press_results', 'overflow']);
    for (let n = 1; n <= 10; n += 1) await started.client.reportState('running', { agent: agent(n), metadata: { label: `agent ${n}` }, reply: true });
    let overflow: ServerMessage;
    do overflow = (await until(client, 'overflow')).at(-1)!;
    while (overflow['count'] !== 2);
    const listed = overflow['agents'] as { agent: number; label: string; state: string; accent: string | null }[];
    expect(listed.map((entry) => [entry.label, entry.state])).toEqual([
      ['agent 3', 'running'],
      ['agent 2', 'running'],
    ]);
    send(client, 'select_agent', { agent: listed[1]!.agent });
    const result = (await until(client, 'press_result')).at(-1)!;
    expect(result).toMatchObject({ press: 'select', outcome: 'selected', reason: null, agent: { label: 'agent 2' } });
    const session = (await started.client.status()).sessions.find((s) => s.label === 'agent 2')!;
    expect(session).toMatchObject({ selected: true, slot: (result['agent'] as { slot: number }).slot });
  });

  it('experience_block says when the daemon would refuse a Start, and the refusal agrees; it clears when no agent waits', async () => {
    const started = await daemon();
    const client = await adminUsing(started, ['experience_block']);
    const waiting = agent(1);
    await started.client.reportState('waiting_for_reply', { agent: waiting, metadata: { label: 'asker' }, reply: true });
    let block: ServerMessage;
    do block = (await until(client, 'experience_block')).at(-1)!;
    while (block['reason'] === null);
    expect(block).toEqual({ protocol: 1, type: 'experience_block', reason: 'agent_attention_required' });
    expect(schemaErrors(block)).toBeNull();
    send(client, 'start_experience', { kind: 'demo' });
    const refused = (await until(client, 'experience_state')).at(-1)!;
    expect(refused).toMatchObject({ status: 'blocked', reason: 'An agent is waiting for approval or a reply.' });
    await started.client.reportState('running', { agent: waiting, reply: true });
    expect((await until(client, 'experience_block')).at(-1)).toEqual({ protocol: 1, type: 'experience_block', reason: null });
    send(client, 'start_experience', { kind: 'demo' });
    let state: ServerMessage;
    do state = (await until(client, 'experience_state')).at(-1)!;
    while (state['status'] === 'blocked');
    expect(state['status']).not.toBe('idle');
  });

  it('a client that asks for experience_block later gets the current answer at once', async () => {
    const started = await daemon();
    await started.client.reportState('waiting_for_approval', { agent: agent(1), metadata: { label: 'asker' }, reply: true });
    const client = await admin(started.port, tokenOf(started));
    send(client, 'use_extensions', { extensions: ['experience_block'] });
    const answer = await until(client, 'experience_block');
    expect(answer.at(-1)).toEqual({ protocol: 1, type: 'experience_block', reason: 'agent_attention_required' });
  });

  it('a one-shot approval: delivered with the agent named, then nothing waiting; one action reached the agent', async () => {
    const started = await daemon();
    const client = await admin(started.port, tokenOf(started));
    send(client, 'use_extensions', { extensions: ['press_results'] });
    await until(client, 'extensions');
    const reviewer = agent(1);
    await started.client.reportState('waiting_for_approval', { agent: reviewer, metadata: { label: 'Reviewer' }, reply: true });
    const subscription = await started.client.subscribeActions({ agent: reviewer, actions: ['approve', 'reject'], requestId: 'q', oneShot: true });
    stops.push(() => subscription.close());
    await started.client.status(); // the subscription is in place once the daemon answered a later request
    send(client, 'action', { action: 'approve' });
    send(client, 'action', { action: 'approve' });
    const results = [(await until(client, 'press_result')).at(-1)!, (await until(client, 'press_result')).at(-1)!];
    expect(results).toEqual([
      { protocol: 1, type: 'press_result', press: 'approve', outcome: 'delivered', reason: null, agent: { slot: 0, label: 'Reviewer', accent: 'cyan' } },
      { protocol: 1, type: 'press_result', press: 'approve', outcome: 'refused', reason: 'nothing_waiting', agent: null },
    ]);
    expect(await subscription.receive(5_000)).toMatchObject({ action: 'approve', requestId: 'q' });
  });
});
