import { afterEach, describe, expect, it } from 'vitest';
import { PadLatticeClient } from '../../src/client/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import { SurfaceEventQueue } from '../../src/web/server/event-queue.js';
import { hubOf } from '../helpers/hub.js';
import { lightState } from '../midi-grid/helpers.js';
import { mockSurface, PRO_MK1 } from '../render/helpers.js';
import { eventually } from './helpers/wire-client.js';
import { startTestDaemon, type TestDaemon } from './helpers/test-daemon.js';

let daemon: TestDaemon | null = null;
afterEach(async () => {
  await daemon?.stop();
  daemon = null;
});

describe('runtime loop wakes on socket input', () => {
  it('renders after a state message without waiting for the poll tick', async () => {
    // The loop sleeps up to a second with nothing due; a ping answered after the ack proves the render came before any timer could.
    daemon = await startTestDaemon({ pollInterval: 3600 });
    expect(daemon.surface.views).toHaveLength(1);
    const client = await daemon.connect();
    expect(await client.request({ protocol: 1, type: 'state', agent: { backend: 'codex', session_id: 'wake' }, state: 'running', reply: true })).toMatchObject({
      type: 'state_ack',
    });
    expect(await client.request({ protocol: 1, type: 'ping' })).toMatchObject({ type: 'pong' });
    expect(daemon.surface.views).toHaveLength(2);
    expect(daemon.surface.lastView?.selectedState).toBe('running');
  });
});

describe('runtime loop wakes on surface input', () => {
  it('a press on a MIDI controller reaches its agent and darkens Approve without waiting for the poll tick', async () => {
    // With an hour-long poll interval and a loop asleep, the action and the frame after the press can only come from the surface's wake-up.
    const midi = mockSurface(PRO_MK1);
    daemon = await startTestDaemon({ pollInterval: 3600, surfaces: hubOf([midi.surface]) });
    const client = new PadLatticeClient({ socketPath: daemon.path, timeoutMs: 5000 });
    const agent = makeIdentity('codex', 'wake');
    await client.reportState('waiting_for_approval', { agent, reply: true });
    const subscription = await client.subscribeActions({ agent, actions: ['approve'], oneShot: true });
    await eventually(() => lightState(midi.output.sent).get('cc:0:91') === 21, 5000, 'approve to light');
    midi.input.injectHex('B0 5B 7F');
    expect(await subscription.receive(5000)).toEqual({ action: 'approve', agent, requestId: null });
    // The frame follows the action on the same turn: drawn before a later request is even read.
    expect(await daemon.request({ protocol: 1, type: 'ping' })).toMatchObject({ type: 'pong' });
    expect(lightState(midi.output.sent).get('cc:0:91')).toBe(0);
    subscription.close();
  });

  it('a browser press wakes the loop too', async () => {
    const events = new SurfaceEventQueue();
    let woken = 0;
    events.onPush(() => (woken += 1));
    events.push({ type: 'action_pressed', action: 'stop' });
    expect(woken).toBe(1);
  });
});
