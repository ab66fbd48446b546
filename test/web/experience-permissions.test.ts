import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startWebDaemon, type WebDaemon } from '../web-browser/helpers/web-daemon.js';
import { createAppFixture } from './helpers/app-fixture.js';
import { TestClient, attemptRemote, type ServerMessage } from './helpers/ws-client.js';

let daemon: WebDaemon | null = null;
const clients: TestClient[] = [];
const app = createAppFixture();
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  expect(await daemon?.stop()).toBe(0);
  daemon = null;
});
afterAll(() => app.remove());

/** Reads messages until one of `type` arrives; returns it. */
async function nextOfType(client: TestClient, type: string): Promise<ServerMessage> {
  for (;;) {
    const message = await client.next();
    if (message.type === type) return message;
  }
}

describe('experiences.md §15', () => {
  it('scenario 24: a paired browser cannot start or stop experiences, but its Scene press answers the Demo', async () => {
    // `pad-lattice web` in-process, in LAN mode with phones played on loopback.
    daemon = await startWebDaemon({ lanOnLoopback: true, assetRoot: app.root });
    const admin = await TestClient.open(daemon.port);
    clients.push(admin);
    const adminToken = new URL(daemon.adminUrl).hash.replace('#admin=', '');
    expect(await admin.authenticate(adminToken)).toMatchObject({ type: 'authenticated', admin: true, lan_enabled: true });
    await admin.drainUntilBarrier();

    const { reply, client: phone } = await attemptRemote(daemon.port, '192.168.1.50', daemon.bridge.currentPairing()!.pin);
    clients.push(phone);
    expect(reply).toMatchObject({ type: 'authenticated', admin: false });
    await phone.drainUntilBarrier();

    admin.send({ protocol: 1, type: 'start_experience', kind: 'demo' });
    for (const client of [admin, phone]) {
      expect(await nextOfType(client, 'experience_state')).toMatchObject({ status: 'playing', kind: 'demo', cue_index: 0, caption: 'The Reviewer needs you.' });
    }

    phone.send({ protocol: 1, type: 'start_experience', kind: 'show' });
    expect(await phone.next()).toMatchObject({ type: 'error', code: 'admin_required' });
    phone.send({ protocol: 1, type: 'stop_experience' });
    expect(await phone.next()).toMatchObject({ type: 'error', code: 'admin_required' });
    // Nothing changed: still the Demo, and no surface saw any new message.
    expect((await daemon.client.status()).experience).toBe('demo');
    expect(await admin.drainUntilBarrier()).toEqual([]);
    expect(await phone.drainUntilBarrier()).toEqual([]);

    phone.send({ protocol: 1, type: 'select_session', slot: 1 });
    for (const client of [admin, phone]) {
      const surface = await client.next();
      expect(surface).toMatchObject({ type: 'surface', view: { selected_state: 'waiting_for_approval' } });
      expect(await client.next()).toMatchObject({
        type: 'experience_state',
        status: 'playing',
        kind: 'demo',
        cue_index: 1,
        caption: 'Approve the review.',
        audio_cue: 'session_selected',
        audio_slot: 1,
      });
    }
  });
});
