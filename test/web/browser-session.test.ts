import { afterEach, describe, expect, it } from 'vitest';
import { makeSurfaceView, type SurfaceEvent } from '../../src/domain/index.js';
import { ADMIN_TOKEN_KEY, SESSION_TOKEN_KEY, normalizePin, takeInitialCredential, type KeyValueStore } from '../../src/web/app/credentials.js';
import { LiveSession, RECONNECT_DELAY_MS } from '../../src/web/app/live-session.js';
import { padModel } from '../../src/web/app/pad-model.js';
import { itValidatesEveryMessage } from './helpers/scenario-41.js';
import { ADMIN_TOKEN, TEST_LAN, startTestBridge, type TestBridge } from './helpers/test-bridge.js';
import { waitFor } from './helpers/wait-for.js';
import { nodeSocketOpener } from './helpers/ws-client.js';

class MemoryStorage implements KeyValueStore {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

/** The app's session logic in Node against the real bridge; the scheduled reconnects are recorded, not slept. */
function browserSession(web: TestBridge, storage: KeyValueStore, credential: string | null, peer?: string) {
  const scheduled: { callback: () => void; delayMs: number }[] = [];
  const sockets = { opened: 0, closed: 0 };
  const open = nodeSocketOpener(web.port, peer);
  const session = new LiveSession(
    {
      socketUrl: `ws://127.0.0.1:${web.port}/ws`,
      storage,
      openSocket: (url, handlers) => {
        sockets.opened += 1;
        return open(url, {
          ...handlers,
          closed: () => {
            sockets.closed += 1;
            handlers.closed();
          },
        });
      },
      schedule: (callback, delayMs) => scheduled.push({ callback, delayMs }),
    },
    credential,
    () => undefined,
  );
  return { session, scheduled, sockets };
}

/** Drains the bridge's event queue until something arrives. */
async function nextEvents(web: TestBridge): Promise<SurfaceEvent[]> {
  const events: SurfaceEvent[] = [];
  await waitFor(() => events.push(...web.bridge.surface.pollEvents()) > 0);
  return events;
}

describe('web-surface-protocol-1.md §19', () => {
  const bridges: TestBridge[] = [];
  afterEach(async () => {
    await Promise.all(bridges.splice(0).map((bridge) => bridge.stop()));
  });

  it('scenario 40: admin fragment, forbidden and reconnect handling of the browser app', async () => {
    const web = await startTestBridge();
    bridges.push(web);
    const storage = new MemoryStorage();
    let stripped = false;
    const credential = takeInitialCredential(`#admin=${ADMIN_TOKEN}`, storage, () => {
      stripped = true;
    });
    expect(credential).toBe(ADMIN_TOKEN);
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBe(ADMIN_TOKEN);
    expect(stripped).toBe(true);

    const live = browserSession(web, storage, credential);
    live.session.connect();
    await waitFor(() => live.session.state.status === 'connected');
    expect(live.session.state.admin).toBe(true);
    web.bridge.surface.render(
      makeSurfaceView({
        selectedState: 'waiting_for_approval',
        sessions: [{ slot: 0, state: 'waiting_for_approval', selected: true, accent: 'cyan', label: 'reviewer' }],
        availableActions: ['approve', 'reject'],
      }),
    );
    await waitFor(() => live.session.state.surface !== null);
    const model = padModel(live.session.state);
    expect(model.top.filter((light) => light.enabled).map((light) => light.action)).toEqual(['approve', 'reject']);
    expect(model.top[0]!.color).toBe('#55c76a');
    expect(model.scenes[0]).toEqual({ color: '#00AEBB', enabled: true });
    live.session.send({ type: 'action', action: 'approve' });
    expect(await nextEvents(web)).toEqual([{ type: 'action_pressed', action: 'approve' }]);

    // A stale stored token (daemon restarted): forbidden wipes both keys and waits for a PIN, without reconnecting.
    const staleStorage = new MemoryStorage();
    staleStorage.setItem(ADMIN_TOKEN_KEY, 'stale-admin-token');
    staleStorage.setItem(SESSION_TOKEN_KEY, 'stale-session-token');
    const stale = browserSession(
      web,
      staleStorage,
      takeInitialCredential('', staleStorage, () => undefined),
    );
    stale.session.connect();
    await waitFor(() => stale.sockets.closed === 1);
    expect(stale.session.state.status).toBe('pairing_required');
    expect(staleStorage.items.size).toBe(0);
    expect(stale.session.state.error).toBe('invalid or expired credential');
    expect(stale.scheduled).toEqual([]);
    expect(stale.sockets.opened).toBe(1);

    // An ordinary close: disconnected, then one reconnect scheduled 1200 ms later, which succeeds on a new bridge.
    const port = web.port;
    await web.bridge.close();
    await waitFor(() => live.session.state.status === 'disconnected');
    expect(live.scheduled.map((entry) => entry.delayMs)).toEqual([RECONNECT_DELAY_MS]);
    expect(RECONNECT_DELAY_MS).toBe(1200);
    const restarted = await startTestBridge({ port });
    bridges.push(restarted);
    live.scheduled[0]!.callback();
    await waitFor(() => live.session.state.status === 'connected');
    expect(live.session.state.admin).toBe(true);
  });

  it('a paired phone stores only its reconnect token, and a revoke sends it back to the PIN form', async () => {
    const web = await startTestBridge({ lan: TEST_LAN });
    bridges.push(web);
    const storage = new MemoryStorage();
    const secret = web.bridge.currentPairing()!.pairingUrl.split('#pair=')[1]!;
    const credential = takeInitialCredential(`#pair=${secret}`, storage, () => undefined);
    expect(credential).toBe(secret);
    expect(storage.items.size).toBe(0);
    const phone = browserSession(web, storage, credential, '192.168.4.4');
    phone.session.connect();
    await waitFor(() => phone.session.state.status === 'connected');
    expect(phone.session.state.admin).toBe(false);
    const token = storage.getItem(SESSION_TOKEN_KEY);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect([...storage.items.keys()]).toEqual([SESSION_TOKEN_KEY]);
    phone.session.send({ type: 'select_session', slot: 3 });
    expect(await nextEvents(web)).toEqual([{ type: 'session_selected', slot: 3 }]);

    web.bridge.revokeRemoteAccess();
    await waitFor(() => phone.session.state.status === 'disconnected');
    phone.scheduled[0]!.callback();
    await waitFor(() => phone.session.state.status === 'pairing_required');
    expect(storage.items.size).toBe(0);
    expect(phone.session.submitPin('12 34')).toBe(false);
    expect(phone.session.state.error).toBe('Enter the six-digit PIN shown on the computer.');
    const pin = web.bridge.createPairing().pin;
    expect(phone.session.submitPin(`${pin.slice(0, 3)} ${pin.slice(3)}`)).toBe(true);
    await waitFor(() => phone.session.state.status === 'connected');
  });

  it('normalises PIN entries and prefers the admin fragment over stored tokens', () => {
    expect(normalizePin(' 012 345 ')).toBe('012345');
    expect(normalizePin('12345a')).toBeNull();
    expect(normalizePin('1234567')).toBeNull();
    const storage = new MemoryStorage();
    storage.setItem(SESSION_TOKEN_KEY, 'session');
    expect(takeInitialCredential('', storage, () => undefined)).toBe('session');
    storage.setItem(ADMIN_TOKEN_KEY, 'admin');
    expect(takeInitialCredential('', storage, () => undefined)).toBe('admin');
    expect(takeInitialCredential('#admin=fresh', storage, () => undefined)).toBe('fresh');
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBe('fresh');
  });

  itValidatesEveryMessage('40');
});
