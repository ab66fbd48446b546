import { describe, expect, it } from 'vitest';
import type { SurfaceEvent } from '../../src/domain/index.js';
import { itValidatesEveryMessage } from './helpers/scenario-41.js';
import { ADMIN_TOKEN, lanBridgePerTest, startTestBridge, type TestBridge } from './helpers/test-bridge.js';
import { attemptRemote, pairingSecret, TestClient, type ServerMessage } from './helpers/ws-client.js';

const ADMIN_REQUIRED = { protocol: 1, type: 'error', code: 'admin_required', error: 'local administrator required' };

describe('web-surface-protocol-1.md §19', () => {
  const web = lanBridgePerTest();
  const port = () => web().port;

  async function admin(bridge: TestBridge = web()): Promise<TestClient> {
    const client = await TestClient.open(bridge.port);
    expect(await client.authenticate(ADMIN_TOKEN)).toMatchObject({ type: 'authenticated', admin: true });
    await client.drainUntilBarrier();
    return client;
  }

  /** Pairs a phone with a fresh pairing and returns it with its reconnect token. */
  async function pairPhone(peer: string): Promise<{ client: TestClient; token: string }> {
    const pin = web().bridge.createPairing().pin;
    const { reply, client } = await attemptRemote(port(), peer, pin);
    expect(reply).toMatchObject({ type: 'authenticated', admin: false });
    await client.drainUntilBarrier();
    return { client, token: String(reply['session_token']) };
  }

  function command(client: TestClient, type: string, fields: Record<string, unknown> = {}): void {
    client.send({ protocol: 1, type, ...fields });
  }

  it('scenario 23: a new pairing replaces the previous one', async () => {
    const client = await admin();
    command(client, 'create_pairing');
    const first = await client.next();
    command(client, 'create_pairing');
    const second = await client.next();
    expect([first['expires_in'], second['expires_in']]).toEqual([300, 300]);
    expect(second['pin']).toMatch(/^[0-9]{6}$/);
    for (const stale of [String(first['pin']), pairingSecret(first)]) {
      if (stale === second['pin']) continue; // a one-in-a-million PIN repeat is still the live PIN
      expect((await attemptRemote(port(), '192.168.1.30', stale)).reply).toMatchObject({ code: 'forbidden' });
    }
    const paired = await attemptRemote(port(), '192.168.1.31', pairingSecret(second));
    expect(paired.reply).toMatchObject({ type: 'authenticated' });
    paired.client.close();
    client.close();
  });

  it('scenario 24: create_pairing without LAN is lan_disabled and the connection stays usable', async () => {
    const loopbackOnly = await startTestBridge();
    try {
      const client = await admin(loopbackOnly);
      command(client, 'create_pairing');
      expect(await client.next()).toEqual({ protocol: 1, type: 'error', code: 'lan_disabled', error: 'LAN access is not enabled' });
      command(client, 'select_session', { slot: 4 });
      expect(await client.drainUntilBarrier()).toEqual([]);
      expect(loopbackOnly.bridge.surface.pollEvents()).toEqual([{ type: 'session_selected', slot: 4 }]);
      client.close();
    } finally {
      await loopbackOnly.stop();
    }
  });

  it('scenario 25: a paired client may not run admin commands', async () => {
    const { client } = await pairPhone('192.168.1.40');
    command(client, 'create_pairing');
    command(client, 'revoke_remote');
    command(client, 'start_experience', { kind: 'show' });
    command(client, 'stop_experience');
    for (let i = 0; i < 4; i += 1) expect(await client.next()).toEqual(ADMIN_REQUIRED);
    command(client, 'start_experience', { kind: 'party' });
    expect(await client.next()).toEqual({
      protocol: 1,
      type: 'error',
      code: 'invalid_message',
      error: 'experience kind must be demo or show',
    });
    expect(await client.drainUntilBarrier()).toEqual([]);
    expect(web().bridge.surface.pollEvents()).toEqual([]);
    expect(client.isClosed).toBe(false);
    client.close();
  });

  it('a paired client is a full operator for agent actions', async () => {
    const { client } = await pairPhone('192.168.1.41');
    command(client, 'select_session', { slot: 1 });
    command(client, 'action', { action: 'approve' });
    await client.drainUntilBarrier();
    expect(web().bridge.surface.pollEvents()).toEqual([
      { type: 'session_selected', slot: 1 },
      { type: 'action_pressed', action: 'approve' },
    ]);
    client.close();
  });

  it('scenario 26: revoke closes every paired client and forgets their tokens; the admin stays', async () => {
    const phoneA = await pairPhone('192.168.1.50');
    const phoneB = await pairPhone('192.168.1.51');
    web().bridge.createPairing();
    const client = await admin();
    command(client, 'revoke_remote');
    expect(await client.next()).toEqual({ protocol: 1, type: 'remote_revoked' });
    for (const phone of [phoneA, phoneB]) expect(await phone.client.closed).toEqual({ code: 1008, reason: 'authorization revoked' });
    for (const phone of [phoneA, phoneB]) {
      expect((await attemptRemote(port(), '192.168.1.52', phone.token)).reply).toMatchObject({ code: 'forbidden' });
    }
    expect(web().bridge.currentPairing()).toBeNull();
    expect(await client.drainUntilBarrier()).toEqual([]);
    client.close();
  });

  it('scenario 27 (as changed by issue #21.3): 8 remote and 16 connections in all; a peer may crowd out only its own pending ones', async () => {
    const phones: TestClient[] = [];
    for (let i = 0; i < 8; i += 1) phones.push((await pairPhone(`192.168.2.${i + 1}`)).client);
    const ninthRemote = await TestClient.open(port(), { peer: '192.168.2.9' });
    expect(await ninthRemote.next()).toEqual({ protocol: 1, type: 'error', code: 'connection_limit', error: 'browser connection limit reached' });
    expect((await ninthRemote.closed).code).toBe(1000);
    const tabs: TestClient[] = [];
    for (let i = 0; i < 8; i += 1) tabs.push(await admin());
    const seventeenth = await TestClient.open(port());
    expect(await seventeenth.next()).toMatchObject({ code: 'connection_limit' });
    expect((await seventeenth.closed).code).toBe(1000);
    for (const client of [...phones, ...tabs]) client.close();
    await Promise.all([...phones, ...tabs].map((client) => client.closed));

    // Eight pending remote connections from eight addresses: a ninth address must wait, as in the reference.
    const pending: TestClient[] = [];
    for (let i = 0; i < 8; i += 1) pending.push(await TestClient.open(port(), { peer: `192.168.3.${i + 1}` }));
    const ninth = await TestClient.open(port(), { peer: '192.168.3.9' });
    expect(await ninth.next()).toMatchObject({ code: 'connection_limit' });
    // One address holds at most four pending: its fifth takes the place of its own oldest, which is told so.
    for (const client of pending.slice(4)) client.close();
    await Promise.all(pending.slice(4).map((client) => client.closed));
    const flooding: TestClient[] = [];
    for (let i = 0; i < 5; i += 1) flooding.push(await TestClient.open(port(), { peer: '192.168.3.66' }));
    expect(await flooding[0]!.next()).toMatchObject({ code: 'connection_limit' });
    expect((await flooding[0]!.closed).code).toBe(1000);
    for (const client of [...pending.slice(0, 4), ...flooding.slice(1)]) client.close();
  });

  it('scenario 27: a pending connection that times out frees its slot', async () => {
    const capped = await startTestBridge({ authenticationTimeoutMs: 1_000 });
    try {
      const pending = await TestClient.open(capped.port, { peer: '192.168.2.1' });
      expect(await pending.next(5_000)).toMatchObject({ code: 'authentication_timeout' });
      await pending.closed;
      const later = await TestClient.open(capped.port, { peer: '192.168.2.1' });
      expect(await later.authenticate('123456')).toMatchObject({ code: 'forbidden' });
    } finally {
      await capped.stop();
    }
  });

  it('scenario 28: the 21st frame in a second is rate_limited and closes with 1008', async () => {
    const client = await admin();
    web().clock.advance(10); // clear of the admin's own barrier frame
    for (let i = 0; i < 20; i += 1) command(client, 'select_session', { slot: i % 8 });
    client.send('{"protocol":1,"type":"nonsense"}');
    expect(await client.next()).toEqual({ protocol: 1, type: 'error', code: 'rate_limited', error: 'browser command rate exceeded' });
    expect(await client.closed).toEqual({ code: 1008, reason: 'command rate exceeded' });
    expect(web().bridge.surface.pollEvents()).toHaveLength(20);

    const paced = await admin();
    const start = web().clock.time + 10;
    web().clock.time = start;
    for (let i = 0; i < 19; i += 1) command(paced, 'action', { action: 'stop' });
    await paced.drainUntilBarrier(); // the barrier is frame 20 at t = start
    web().clock.time = start + 1.1;
    command(paced, 'action', { action: 'retry' });
    expect(await paced.drainUntilBarrier()).toEqual([]);
    const events = web().bridge.surface.pollEvents();
    expect(events).toHaveLength(20);
    expect(events.at(-1)).toEqual({ type: 'action_pressed', action: 'retry' });
    paced.close();
  });

  it('scenario 30: strict field checks answer invalid_message and keep the connection', async () => {
    const client = await admin();
    const cases: [unknown, string][] = [
      [{ protocol: 1, type: 'select_session', slot: 2, x: 1 }, 'unknown field: x'],
      [{ protocol: 1, type: 'select_session' }, 'missing field: slot'],
      [{ protocol: 1, type: 'select_session', slot: true }, 'slot must be an integer from 0 to 7'],
      [{ protocol: 1, type: 'select_session', slot: 8 }, 'slot must be an integer from 0 to 7'],
      [{ protocol: 1, type: 'select_session', slot: -1 }, 'slot must be an integer from 0 to 7'],
      [{ protocol: 1, type: 'select_session', slot: '1' }, 'slot must be an integer from 0 to 7'],
      [{ protocol: 1, type: 'select_session', slot: 1.5 }, 'slot must be an integer from 0 to 7'],
      [{ protocol: 1, type: 'action', action: 'launch' }, 'unknown action'],
      [{ protocol: 1, type: 'action', action: 'stop', b: 1, a: 2 }, 'unknown field: a'],
      [{ protocol: 1, type: 'authenticate', credential: ADMIN_TOKEN }, 'client is already authenticated'],
      [{ protocol: 1, type: 'launch' }, 'unknown message type'],
      [{ protocol: 1 }, 'unknown message type'],
      [[1, 2], 'message must be a JSON object'],
    ];
    for (const [message, error] of cases) {
      client.send(message);
      expect(await client.next(), JSON.stringify(message)).toEqual({ protocol: 1, type: 'error', code: 'invalid_message', error });
    }
    client.send({ protocol: '1', type: 'action', action: 'stop' });
    expect(await client.next()).toMatchObject({ code: 'unsupported_protocol' });
    client.send('{"protocol":1,"type":"action","action":');
    expect(await client.next()).toMatchObject({ code: 'invalid_json' });
    expect(client.isClosed).toBe(false);
    expect(web().bridge.surface.pollEvents()).toEqual([]);
    client.close();
  });

  it('scenario 32: browser commands reach the daemon as surface events in order', async () => {
    const client = await admin();
    command(client, 'select_session', { slot: 2 });
    command(client, 'action', { action: 'stop' });
    command(client, 'start_experience', { kind: 'demo' });
    command(client, 'stop_experience');
    await client.drainUntilBarrier();
    expect(web().bridge.surface.pollEvents()).toEqual([
      { type: 'session_selected', slot: 2 },
      { type: 'action_pressed', action: 'stop' },
      { type: 'experience_requested', kind: 'demo' },
      { type: 'experience_stop_requested' },
    ]);
    expect(web().bridge.surface.pollEvents()).toEqual([]);
    client.close();
  });

  it('scenario 33: at most 256 events wait for the daemon; the newest are dropped', async () => {
    const client = await admin();
    const sent: SurfaceEvent[] = [];
    while (sent.length < 266) {
      web().clock.advance(1);
      for (let i = 0; i < 19 && sent.length < 266; i += 1) {
        const slot = sent.length % 8;
        const event: SurfaceEvent = sent.length % 3 === 0 ? { type: 'action_pressed', action: 'retry' } : { type: 'session_selected', slot };
        sent.push(event);
        client.send(event.type === 'action_pressed' ? { protocol: 1, type: 'action', action: 'retry' } : { protocol: 1, type: 'select_session', slot });
      }
      const barrierReplies: ServerMessage[] = await client.drainUntilBarrier();
      expect(barrierReplies).toEqual([]);
    }
    const delivered = web().bridge.surface.pollEvents();
    expect(delivered).toHaveLength(256);
    expect(delivered).toEqual(sent.slice(0, 256));
    client.close();
  });

  itValidatesEveryMessage('23–28, 30, 32 and 33');
});
