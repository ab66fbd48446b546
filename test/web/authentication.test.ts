import { describe, expect, it } from 'vitest';
import { makeShowColor, makeSurfaceView, type ShowFrame } from '../../src/domain/index.js';
import { makeExperienceView } from './helpers/experience.js';
import { itValidatesEveryMessage } from './helpers/scenario-41.js';
import { ADMIN_TOKEN, lanBridgePerTest, startTestBridge } from './helpers/test-bridge.js';
import { attemptRemote, pairingSecret, TestClient, type ServerMessage } from './helpers/ws-client.js';

const FORBIDDEN = { protocol: 1, type: 'error', code: 'forbidden', error: 'invalid or expired credential' };
const PHONE_A = '192.168.1.21';
const PHONE_B = '192.168.1.22';

function uniformFrame(rgb: [number, number, number]): ShowFrame {
  const color = makeShowColor('activity', rgb);
  return { grid: Array.from({ length: 8 }, () => new Array(8).fill(color)), top: new Array(8).fill(color), right: new Array(8).fill(color) };
}

describe('web-surface-protocol-1.md §19', () => {
  const web = lanBridgePerTest();
  const port = () => web().port;

  /** A fresh pairing as the admin sees it (the start-up pairing is replaced). */
  async function newPairing(): Promise<ServerMessage> {
    const admin = await TestClient.open(port());
    await admin.authenticate(ADMIN_TOKEN);
    await admin.drainUntilBarrier();
    admin.send({ protocol: 1, type: 'create_pairing' });
    const pairing = await admin.next();
    expect(pairing.type).toBe('pairing');
    admin.close();
    return pairing;
  }

  async function expectRefused(peer: string, credential: string): Promise<void> {
    const { reply, client } = await attemptRemote(port(), peer, credential);
    expect(reply).toEqual(FORBIDDEN);
    expect((await client.closed).code).toBe(1000);
  }

  it('scenario 13: loopback authentication accepts only the admin token and is never rate-limited', async () => {
    const loopbackOnly = await startTestBridge();
    try {
      for (const credential of [undefined, null, 'wrong-token', ...Array.from({ length: 8 }, (_, i) => `guess-${i}`)]) {
        const client = await TestClient.open(loopbackOnly.port);
        expect(await client.authenticate(credential)).toEqual(FORBIDDEN);
        expect((await client.closed).code).toBe(1000);
      }
      const admin = await TestClient.open(loopbackOnly.port);
      expect(await admin.authenticate(ADMIN_TOKEN)).toEqual({
        protocol: 1,
        type: 'authenticated',
        admin: true,
        session_token: null,
        lan_enabled: false,
      });
      admin.close();
    } finally {
      await loopbackOnly.stop();
    }
  });

  it('scenario 14: the admin snapshot is authenticated, pairing, surface, experience_state, performance_frame', async () => {
    const surface = web().bridge.surface;
    surface.render(makeSurfaceView({ selectedState: 'running', sessions: [{ slot: 0, state: 'running', selected: true, label: 'indexer' }] }));
    surface.setExperience(makeExperienceView({ status: 'playing', kind: 'show', title: 'A Show', cueIndex: 0, durationMs: 43_100 }));
    surface.renderShowFrame(uniformFrame([10, 20, 30]));
    const admin = await TestClient.open(port());
    expect(await admin.authenticate(ADMIN_TOKEN)).toMatchObject({ type: 'authenticated', admin: true, lan_enabled: true });
    const rest = await admin.drainUntilBarrier();
    expect(rest.map((message) => message.type)).toEqual(['pairing', 'surface', 'experience_state', 'performance_frame']);
    expect(rest[0]).toMatchObject({ expires_in: 300 });
    expect(String(rest[0]!['pairing_url']).startsWith(`http://pad-host.local:${port()}/#pair=`)).toBe(true);
    expect(rest[2]).toMatchObject({ status: 'playing', kind: 'show' });
    admin.close();
  });

  it('a paired client never receives the pairing', async () => {
    const pairing = web().bridge.currentPairing()!;
    const { reply, client } = await attemptRemote(port(), PHONE_A, pairing.pin);
    expect(reply).toMatchObject({ type: 'authenticated', admin: false, lan_enabled: true });
    expect((await client.drainUntilBarrier()).map((message) => message.type)).toEqual(['experience_state']);
    client.close();
  });

  it('scenario 15: the pairing is replayed with its remaining lifetime until it expires', async () => {
    web().clock.advance(100);
    const early = await TestClient.open(port());
    await early.authenticate(ADMIN_TOKEN);
    expect(await early.next()).toMatchObject({ type: 'pairing', expires_in: 200 });
    early.close();
    web().clock.advance(200);
    const late = await TestClient.open(port());
    await late.authenticate(ADMIN_TOKEN);
    expect((await late.drainUntilBarrier()).map((message) => message.type)).toEqual(['experience_state']);
    late.close();
  });

  it('scenario 16: the admin token from a remote peer is refused and recorded as one failure', async () => {
    await expectRefused(PHONE_A, ADMIN_TOKEN);
    expect(web().bridge.pairingFailedAttempts).toBe(1);
    // Four more failures make five: the peer is now limited, so even the right PIN fails.
    for (let i = 0; i < 4; i += 1) await expectRefused(PHONE_A, '000000');
    await expectRefused(PHONE_A, web().bridge.currentPairing()!.pin);
    // Only one failure per admin-token attempt: token plus three wrong PINs leave a peer below the limit.
    const pairing = await newPairing();
    await expectRefused(PHONE_B, ADMIN_TOKEN);
    for (let i = 0; i < 3; i += 1) await expectRefused(PHONE_B, '000000');
    const { reply, client } = await attemptRemote(port(), PHONE_B, String(pairing['pin']));
    expect(reply).toMatchObject({ type: 'authenticated' });
    client.close();
  });

  it('scenario 17: a PIN pairs once and mints a reconnect token that works on its own', async () => {
    const pin = web().bridge.currentPairing()!.pin;
    const first = await attemptRemote(port(), PHONE_A, pin);
    expect(first.reply).toMatchObject({ type: 'authenticated', admin: false, lan_enabled: true });
    const token = first.reply['session_token'];
    expect(typeof token).toBe('string');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expectRefused(PHONE_B, pin);
    const again = await attemptRemote(port(), PHONE_B, String(token));
    expect(again.reply).toEqual({ protocol: 1, type: 'authenticated', admin: false, session_token: null, lan_enabled: true });
    first.client.close();
    again.client.close();
  });

  it('reconnect tokens and PINs are never accepted from loopback', async () => {
    const pin = web().bridge.currentPairing()!.pin;
    const local = await TestClient.open(port());
    expect(await local.authenticate(pin)).toEqual(FORBIDDEN);
    const paired = await attemptRemote(port(), PHONE_A, pin);
    const local2 = await TestClient.open(port());
    expect(await local2.authenticate(String(paired.reply['session_token']))).toEqual(FORBIDDEN);
    paired.client.close();
  });

  it('scenario 18: the QR secret consumes the pairing', async () => {
    const pairing = await newPairing();
    const paired = await attemptRemote(port(), PHONE_A, pairingSecret(pairing));
    expect(paired.reply).toMatchObject({ type: 'authenticated', admin: false });
    expect(String(paired.reply['session_token'])).toHaveLength(43);
    await expectRefused(PHONE_B, String(pairing['pin']));
    paired.client.close();
  });

  it('scenario 19: two simultaneous attempts with one PIN give exactly one success and one token', async () => {
    const pin = web().bridge.currentPairing()!.pin;
    const a = await TestClient.open(port(), { peer: PHONE_A });
    const b = await TestClient.open(port(), { peer: PHONE_B });
    a.send({ protocol: 1, type: 'authenticate', credential: pin });
    b.send({ protocol: 1, type: 'authenticate', credential: pin });
    const replies = await Promise.all([a.next(), b.next()]);
    expect(replies.filter((reply) => reply.type === 'authenticated')).toHaveLength(1);
    expect(replies.filter((reply) => reply['code'] === 'forbidden')).toHaveLength(1);
    expect(replies.filter((reply) => typeof reply['session_token'] === 'string')).toHaveLength(1);
    a.close();
    b.close();
  });

  it('scenario 20: a pairing works until just before created + 300 s and not at it', async () => {
    const first = await newPairing();
    web().clock.advance(300);
    await expectRefused(PHONE_A, String(first['pin']));
    const second = await newPairing();
    web().clock.advance(299.999);
    const { reply, client } = await attemptRemote(port(), PHONE_B, String(second['pin']));
    expect(reply).toMatchObject({ type: 'authenticated' });
    client.close();
  });

  it('scenario 21: five failures limit a peer for 60 s without touching the pairing; other peers are unaffected', async () => {
    const pin = web().bridge.currentPairing()!.pin;
    const failedAt = web().clock.time;
    for (let i = 0; i < 5; i += 1) await expectRefused(PHONE_A, '999999');
    expect(web().bridge.pairingFailedAttempts).toBe(5);
    await expectRefused(PHONE_A, pin);
    expect(web().bridge.pairingFailedAttempts).toBe(5);
    web().clock.time = failedAt + 59.9;
    await expectRefused(PHONE_A, pin);
    expect(web().bridge.pairingFailedAttempts).toBe(5);
    web().clock.time = failedAt + 60;
    const { reply, client } = await attemptRemote(port(), PHONE_A, pin);
    expect(reply).toMatchObject({ type: 'authenticated' });
    client.close();

    const variant = await newPairing();
    for (let i = 0; i < 5; i += 1) await expectRefused(PHONE_A, '999999');
    await expectRefused(PHONE_A, String(variant['pin']));
    const other = await attemptRemote(port(), PHONE_B, String(variant['pin']));
    expect(other.reply).toMatchObject({ type: 'authenticated' });
    other.client.close();
  });

  it('scenario 22: twenty failures across peers destroy the pairing', async () => {
    const pin = web().bridge.currentPairing()!.pin;
    for (let i = 0; i < 20; i += 1) await expectRefused(`192.168.7.${10 + (i % 5)}`, '000001');
    expect(web().bridge.pairingFailedAttempts).toBeNull();
    expect(web().bridge.currentPairing()).toBeNull();
    await expectRefused('192.168.7.99', pin);
  });

  it('a remote peer without a credential is refused without a recorded failure', async () => {
    for (let i = 0; i < 6; i += 1) {
      const { reply } = await attemptRemote(port(), PHONE_A, i % 2 === 0 ? undefined : null);
      expect(reply).toEqual(FORBIDDEN);
    }
    expect(web().bridge.pairingFailedAttempts).toBe(0);
    const { reply, client } = await attemptRemote(port(), PHONE_A, web().bridge.currentPairing()!.pin);
    expect(reply).toMatchObject({ type: 'authenticated' });
    client.close();
  });

  itValidatesEveryMessage('13–22');
});
