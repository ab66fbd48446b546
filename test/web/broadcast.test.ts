import { describe, expect, it } from 'vitest';
import { makeShowColor, makeSurfaceView, type ShowFrame, type SurfaceViewInit } from '../../src/domain/index.js';
import { makeExperienceView } from './helpers/experience.js';
import { itValidatesEveryMessage } from './helpers/scenario-41.js';
import { ADMIN_TOKEN, lanBridgePerTest } from './helpers/test-bridge.js';
import { waitFor } from './helpers/wait-for.js';
import { attemptRemote, TestClient, type ServerMessage } from './helpers/ws-client.js';

interface SurfaceJson {
  view: { sessions: Record<string, unknown>[]; available_actions: string[] };
  visual_frame: { state: string[][]; selectors: string[]; statuses: string[]; actions: Record<string, string>; overflow: string };
}

function uniformFrame(rgb: [number, number, number]): ShowFrame {
  const color = makeShowColor('activity', rgb);
  return { grid: Array.from({ length: 8 }, () => new Array(8).fill(color)), top: new Array(8).fill(color), right: new Array(8).fill(color) };
}

/** Cells `[x, y]` of a canvas holding `token`. */
function cellsWith(state: string[][], token: string): [number, number][] {
  return state.flatMap((row, y) => row.flatMap((cell, x) => (cell === token ? [[x, y] as [number, number]] : [])));
}

describe('web-surface-protocol-1.md §19', () => {
  const web = lanBridgePerTest();

  async function admin(): Promise<TestClient> {
    const client = await TestClient.open(web().port);
    await client.authenticate(ADMIN_TOKEN);
    await client.drainUntilBarrier();
    return client;
  }

  async function rendered(client: TestClient, init: SurfaceViewInit): Promise<SurfaceJson & ServerMessage> {
    web().bridge.surface.render(makeSurfaceView(init));
    const message = await client.next();
    expect(message.type).toBe('surface');
    return message as SurfaceJson & ServerMessage;
  }

  it('scenario 34: labels are sanitised and sessions carry exactly five fields', async () => {
    const client = await admin();
    const emoji = '\u{1F600}'.repeat(100);
    const message = await rendered(client, {
      selectedState: 'waiting_for_approval',
      sessions: [
        { slot: 0, state: 'waiting_for_approval', selected: true, accent: 'cyan', label: '  Reviewer\nagent  ' },
        { slot: 3, state: 'running', accent: 'orange', label: ' \t\u00a0\u2003\u001c\u0085 ' },
        { slot: 5, state: 'error', accent: 'rose', label: emoji },
        { slot: 6, state: 'success', accent: 'teal', label: 'a\ufeffb\u0001c' },
      ],
      availableActions: ['stop', 'approve'],
    });
    const labels = message.view.sessions.map((session) => session['label']);
    expect(labels.slice(0, 2)).toEqual(['Reviewer agent', 'Session 4']);
    expect([...String(labels[2])]).toHaveLength(80);
    expect(labels[3]).toBe('a\ufeffb\u0001c'); // U+FEFF is not Python whitespace; control characters survive
    for (const session of message.view.sessions) expect(Object.keys(session).sort()).toEqual(['accent', 'label', 'selected', 'slot', 'state']);
    expect(message.view.available_actions).toEqual(['approve', 'stop']);
    expect(message.visual_frame.actions).toEqual({
      approve: 'action:approve:enabled',
      reject: 'off',
      stop: 'action:stop:enabled',
      retry: 'off',
    });
    client.close();
  });

  it('scenario 35: the visual frame follows the Visual Protocol compiler', async () => {
    const client = await admin();
    const idle = await rendered(client, { selectedState: null });
    expect(cellsWith(idle.visual_frame.state, 'idle')).toEqual([
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
    expect(idle.visual_frame.state.flat().filter((cell) => cell !== 'off')).toHaveLength(3);
    expect(idle.visual_frame.state).toHaveLength(8);
    for (const row of idle.visual_frame.state) expect(row).toHaveLength(7);

    const running = await rendered(client, { selectedState: 'running', activityMotion: true, frame: 4 });
    expect(running.visual_frame.state[3]![3]).toBe('activity');
    expect(running.visual_frame.state[4]![3]).toBe('activity');
    expect(cellsWith(running.visual_frame.state, 'activity')).toHaveLength(2);

    const reply = await rendered(client, {
      selectedState: 'waiting_for_reply',
      sessions: [{ slot: 1, state: 'waiting_for_reply', selected: true, accent: 'magenta' }],
      overflowCount: 1,
    });
    const glyph = cellsWith(reply.visual_frame.state, 'state:waiting_for_reply:primary');
    expect(glyph).toHaveLength(14);
    expect(glyph).toContainEqual([3, 7]);
    expect(reply.visual_frame.overflow).toBe('system:overflow');
    expect(reply.visual_frame.selectors[1]).toBe('accent:magenta:selected');
    expect(reply.visual_frame.statuses[1]).toBe('state:waiting_for_reply:summary');
    expect(reply.visual_frame.selectors.filter((token) => token === 'off')).toHaveLength(7);
    client.close();
  });

  it('scenario 36: Show frames are exact lower-case RGB hex', async () => {
    const client = await admin();
    web().bridge.surface.renderShowFrame(uniformFrame([1, 127, 255]));
    const frame = await client.next();
    expect(frame.type).toBe('performance_frame');
    const grid = frame['grid'] as string[][];
    expect(grid).toHaveLength(8);
    for (const row of grid) expect(row).toEqual(new Array(8).fill('#017fff'));
    expect(frame['top']).toEqual(new Array(8).fill('#017fff'));
    expect(frame['right']).toEqual(new Array(8).fill('#017fff'));
    client.close();
  });

  it('scenario 37: an idle experience state drops the cached Show frame', async () => {
    const surface = web().bridge.surface;
    surface.render(makeSurfaceView({ selectedState: 'success' }));
    surface.setExperience(makeExperienceView({ status: 'starting', kind: 'show', title: 'Show', durationMs: 43_100, startDelayMs: 500 }));
    surface.renderShowFrame(uniformFrame([200, 0, 0]));
    const during = await admin();
    surface.setExperience(makeExperienceView({ status: 'idle', kind: 'show', reason: 'stopped' }));
    expect(await during.next()).toMatchObject({ type: 'experience_state', status: 'idle', reason: 'stopped' });
    const after = await TestClient.open(web().port);
    await after.authenticate(ADMIN_TOKEN);
    const snapshot = await after.drainUntilBarrier();
    expect(snapshot.map((message) => message.type)).toEqual(['pairing', 'surface', 'experience_state']);
    expect(snapshot[2]).toMatchObject({ status: 'idle', kind: 'show', reason: 'stopped' });
    during.close();
    after.close();
  });

  it('a starting experience state keeps the cached Show frame; blocked drops it', async () => {
    const surface = web().bridge.surface;
    surface.renderShowFrame(uniformFrame([0, 0, 9]));
    surface.setExperience(makeExperienceView({ status: 'starting', kind: 'show', durationMs: 1000 }));
    const client = await admin();
    const snapshotTypes = async () => {
      const probe = await TestClient.open(web().port);
      await probe.authenticate(ADMIN_TOKEN);
      const types = (await probe.drainUntilBarrier()).map((message) => message.type);
      probe.close();
      return types;
    };
    expect(await snapshotTypes()).toEqual(['pairing', 'experience_state', 'performance_frame']);
    surface.setExperience(makeExperienceView({ status: 'blocked', kind: 'demo', reason: 'An agent is waiting for approval or a reply.' }));
    expect(await snapshotTypes()).toEqual(['pairing', 'experience_state']);
    client.close();
  });

  it('scenario 38: every authenticated client gets every surface in order; pending and dead clients do not', async () => {
    const clients = [await admin(), await admin()];
    const pin = web().bridge.createPairing().pin;
    const phone = await attemptRemote(web().port, '192.168.3.3', pin);
    await phone.client.drainUntilBarrier();
    clients.push(phone.client);
    const pending = await TestClient.open(web().port);
    const doomed = await admin();
    expect(web().bridge.connectedClients).toBe(4);
    doomed.socket.terminate();
    await doomed.closed;
    for (const state of ['running', 'success', 'error'] as const) web().bridge.surface.render(makeSurfaceView({ selectedState: state }));
    for (const client of clients) {
      const states = [];
      for (let i = 0; i < 3; i += 1) states.push(((await client.next()) as ServerMessage & { view: { selected_state: string } }).view.selected_state);
      expect(states).toEqual(['running', 'success', 'error']);
    }
    await waitFor(() => web().bridge.connectedClients === 3);
    // The pending connection saw nothing: its first message is the reply to its own authenticate.
    expect(await pending.authenticate(ADMIN_TOKEN)).toMatchObject({ type: 'authenticated' });
    for (const client of [...clients, pending]) client.close();
  });

  it('scenario 39: shutdown closes paired clients with 1008 and admins with 1001', async () => {
    const pin = web().bridge.currentPairing()!.pin;
    const phone = await attemptRemote(web().port, '192.168.3.9', pin);
    const client = await admin();
    const pending = await TestClient.open(web().port);
    web().bridge.surface.close();
    expect(await phone.client.closed).toEqual({ code: 1008, reason: 'authorization revoked' });
    expect(await client.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    expect(await pending.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    await web().bridge.close();
    await expect(TestClient.open(web().port)).rejects.toThrow();
  });

  itValidatesEveryMessage('34–39');
});
