import { describe, expect, it } from 'vitest';
import { actionPressed, experienceRequested, experienceStopRequested, sessionSelected } from '../../src/domain/index.js';
import { ControlPlane } from '../../src/daemon/control-plane/index.js';
import { DaemonRuntime } from '../../src/daemon/runtime/runtime.js';
import type { ExperienceController } from '../../src/daemon/runtime/experience.js';
import { RecordingAudio } from './helpers/recording-output.js';
import { RecordingSurface } from './helpers/recording-surface.js';
import { playerOnSurfaces } from './helpers/players.js';
import { hubOf } from '../helpers/hub.js';

/** A daemon runtime whose experiences are played by the real ExperiencePlayer onto a browser-like surface. */
function setup() {
  let now = 0;
  const surface = new RecordingSurface(4);
  const audio = new RecordingAudio();
  const surfaces = hubOf([surface]);
  const player = playerOnSurfaces(surfaces, { audio });
  const experience: ExperienceController = player;
  const lines = new Map<number, string[]>();
  const logged: string[] = [];
  const logger = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m), error: (m: string) => logged.push(m) };
  const plane = new ControlPlane({ selectorCapacity: 4, accentNames: surface.geometry.accentNames });
  const runtime = new DaemonRuntime({
    plane,
    surfaces,
    outbox: { send: (connection, line) => (lines.set(connection, [...(lines.get(connection) ?? []), line]), true) },
    clock: () => now,
    experience,
    logger,
  });
  const line = (conn: number, message: Record<string, unknown>) => runtime.handleLine(conn, Buffer.from(JSON.stringify({ protocol: 1, ...message })));
  const agent = (id: string) => ({ backend: 'codex', session_id: id });
  const state = (conn: number, id: string, s: string) => line(conn, { type: 'state', state: s, agent: agent(id) });
  const request = (...events: Parameters<RecordingSurface['press']>) => {
    surface.press(...events);
    runtime.surfaceStep();
  };
  const at = (seconds: number) => {
    now = seconds;
    runtime.renderStep();
  };
  const actionsTo = (conn: number) => (lines.get(conn) ?? []).map((text) => JSON.parse(text) as Record<string, unknown>).filter((m) => m['type'] === 'action');
  return { surface, audio, player, runtime, line, agent, state, request, at, actionsTo, logged };
}

describe('experiences.md §15', () => {
  it('scenario 11: Demo presses never reach a subscribed agent', () => {
    const { state, line, agent, request, at, actionsTo, player } = setup();
    state(1, 'live', 'running');
    line(2, { type: 'subscribe_actions', agent: agent('live'), actions: ['approve', 'reject', 'stop'] });
    at(0);
    request(experienceRequested('demo'));
    expect(player.activeKind).toBe('demo');
    request(sessionSelected(1), actionPressed('approve'), actionPressed('stop'));
    at(0.03);
    expect(actionsTo(2)).toEqual([]);
    expect(player.activeKind).toBe('demo');
  });

  it('scenario 17: when the Show completes the daemon draws the live view in the same iteration', () => {
    const { surface, request, at, state } = setup();
    state(1, 'a', 'running');
    at(0);
    request(experienceRequested('show'));
    let t = 0;
    while (surface.experiences.at(-1)?.reason !== 'complete') at((t += 0.03));
    const last = surface.log.slice(-2);
    expect(last[0]).toMatchObject({ kind: 'experience', view: { status: 'idle', kind: 'show', reason: 'complete' } });
    expect(last[1]).toMatchObject({ kind: 'view', view: { selectedState: 'running' } });
    expect(surface.frames.length).toBeLessThanOrEqual(80);
  });

  it('scenario 19: a stop request during a Show goes idle/stopped, closes the score and is followed by a live render', () => {
    const { surface, request, at, audio, player } = setup();
    at(0);
    request(experienceRequested('show'));
    at(1);
    const mark = surface.log.length;
    request(experienceStopRequested());
    at(1.03);
    expect(surface.since(mark).map((entry) => entry.kind)).toEqual(['experience', 'view']);
    expect(surface.experiences.at(-1)).toMatchObject({ status: 'idle', kind: 'show', reason: 'stopped' });
    expect(player.activeKind).toBeNull();
    expect(audio.stops).toBe(0); // no host score was playing (the daemon plays it only with --audio-feedback)
  });

  it('scenario 20: waiting_for_approval during a Show preempts it: idle, then the live view with approve and reject', () => {
    const { surface, request, at, state, line, agent } = setup();
    state(1, 'urgent', 'running');
    line(1, { type: 'subscribe_actions', agent: agent('urgent'), actions: ['approve', 'reject'] });
    at(0);
    request(experienceRequested('show'));
    at(0.6);
    at(1.2);
    expect(surface.frames.length).toBeGreaterThan(0);
    const mark = surface.log.length;
    state(1, 'urgent', 'waiting_for_approval');
    expect(surface.since(mark)).toEqual([
      { kind: 'experience', view: expect.objectContaining({ status: 'idle', kind: 'show', reason: 'agent_attention_required' }) },
    ]);
    at(1.23);
    const next = surface.since(mark)[1];
    expect(next?.kind).toBe('view');
    if (next?.kind !== 'view') return;
    expect(next.view.selectedState).toBe('waiting_for_approval');
    expect([...next.view.availableActions].sort()).toEqual(['approve', 'reject']);
  });

  it('scenario 21: waiting_for_reply from an overflow session preempts a Demo the same way', () => {
    const { surface, request, at, state, player, runtime } = setup();
    for (const id of ['a', 'b', 'c', 'd', 'e']) state(1, id, 'running');
    at(0);
    expect(runtime.plane.surfaceView(0, false).overflowCount).toBe(1);
    request(experienceRequested('demo'));
    expect(player.activeKind).toBe('demo');
    state(1, 'e', 'waiting_for_reply');
    expect(player.activeKind).toBeNull();
    expect(surface.experiences.at(-1)).toMatchObject({ status: 'idle', kind: 'demo', reason: 'agent_attention_required' });
    const mark = surface.log.length;
    at(0.03);
    expect(surface.since(mark)).toEqual([{ kind: 'view', view: expect.objectContaining({ overflowCount: 1, selectedState: 'running' }) }]);
  });

  it('scenario 22: error, success, running, user_typing, cancelled and a waiting preview do not preempt', () => {
    const { request, at, state, line, player } = setup();
    at(0);
    request(experienceRequested('show'));
    ['error', 'success', 'running', 'user_typing', 'cancelled'].forEach((s, i) => state(1, `agent-${i}`, s));
    line(2, { type: 'preview', preview_id: 'p', state: 'waiting_for_approval', ttl: 10 });
    at(0.5);
    at(1.0);
    expect(player.activeKind).toBe('show');
  });

  it('scenario 23: a start request while an agent waits for a reply is blocked with the spec reason', () => {
    const { surface, request, state, player, at } = setup();
    state(1, 'waiting', 'waiting_for_reply');
    at(0);
    request(experienceRequested('demo'));
    expect(player.activeKind).toBeNull();
    expect(surface.experiences).toEqual([expect.objectContaining({ status: 'blocked', kind: 'demo', reason: 'An agent is waiting for approval or a reply.' })]);
    expect(surface.frames).toEqual([]);
  });

  it('a blocked start is logged with who waits and the way out', () => {
    const { request, state, at, logged } = setup();
    state(1, 'finished', 'waiting_for_reply');
    state(1, 'asking', 'waiting_for_approval');
    at(0);
    request(experienceRequested('show'));
    expect(logged).toContain(
      "show not started: codex/finished (waiting_for_reply), codex/asking (waiting_for_approval) still wait; answer them, or end finished ones with 'pad-lattice end-session --all'",
    );
  });

  it('scenario 35: daemon shutdown during a Show broadcasts idle with reason daemon_stopped', () => {
    const { surface, request, at, runtime, player } = setup();
    at(0);
    request(experienceRequested('show'));
    at(0.7);
    runtime.stopExperience();
    expect(player.activeKind).toBeNull();
    expect(surface.experiences.at(-1)).toMatchObject({ status: 'idle', kind: 'show', reason: 'daemon_stopped' });
  });
});

describe('daemon integration', () => {
  it('status reports the playing kind', () => {
    const { request, runtime, at } = setup();
    at(0);
    expect(runtime.status().experience).toBeNull();
    request(experienceRequested('demo'));
    expect(runtime.status().experience).toBe('demo');
  });

  it('a Demo in the daemon advances on Scene presses and the live view returns after the terminal hold', () => {
    const { surface, request, at, state } = setup();
    state(1, 'a', 'running');
    at(0);
    request(experienceRequested('demo'));
    request(sessionSelected(1), actionPressed('approve'), sessionSelected(2), actionPressed('retry'));
    expect(surface.experiences.at(-1)).toMatchObject({ cueIndex: 5 });
    at(1.0);
    at(1.99);
    expect(surface.views.at(-1)!.sessions.map((s) => s.label)).toEqual(['Builder', 'Reviewer', 'Tests']);
    at(2.0);
    expect(surface.experiences.at(-1)).toMatchObject({ status: 'idle', reason: 'complete' });
    expect(surface.views.at(-1)!.sessions.map((s) => s.label)).toEqual(['a']);
  });
});
