import { describe, expect, it } from 'vitest';
import { actionPressed, experienceRequested, experienceStopRequested, sessionSelected } from '../../src/domain/index.js';
import { ControlPlane } from '../../src/daemon/control-plane/index.js';
import { DaemonRuntime } from '../../src/daemon/runtime/runtime.js';
import { FakeClock, FakeExperience, RecordingOutbox, RecordingSurface } from './helpers/fakes.js';
import { hubOf } from '../helpers/hub.js';

function setup(options: { activityMotion?: boolean; terminalHold?: number } = {}) {
  const clock = new FakeClock();
  const surface = new RecordingSurface(4);
  const outbox = new RecordingOutbox();
  const experience = new FakeExperience();
  const plane = new ControlPlane({ selectorCapacity: 4, accentNames: surface.geometry.accentNames, terminalHold: options.terminalHold });
  const runtime = new DaemonRuntime({
    plane,
    surfaces: hubOf([surface]),
    outbox,
    clock: clock.read,
    experience,
    activityMotion: options.activityMotion ?? false,
  });
  /** One line from connection `conn`, as the socket server would hand it over. */
  const line = (conn: number, message: Record<string, unknown>) => runtime.handleLine(conn, Buffer.from(JSON.stringify({ protocol: 1, ...message })));
  const state = (conn: number, sessionId: string, s: string) => line(conn, { type: 'state', state: s, agent: { backend: 'codex', session_id: sessionId } });
  return { clock, surface, outbox, experience, plane, runtime, line, state };
}

describe('control-plane.md §21', () => {
  it('scenario 62: the first iteration renders, idle iterations do not, one change renders once with the next frame', () => {
    const { runtime, surface, state, clock } = setup();
    runtime.renderStep();
    expect(surface.views.map((v) => v.frame)).toEqual([0]);
    for (let i = 0; i < 5; i += 1) {
      clock.advance(0.03);
      runtime.surfaceStep();
      runtime.renderStep();
    }
    expect(surface.views).toHaveLength(1);
    state(1, 'a', 'running');
    clock.advance(0.03);
    runtime.renderStep();
    expect(surface.views.map((v) => v.frame)).toEqual([0, 1]);
    expect(surface.lastView?.selectedState).toBe('running');
  });

  it('scenario 62: a burst of updates between two iterations collapses into one render', () => {
    const { runtime, surface, state } = setup();
    runtime.renderStep();
    for (let i = 0; i < 50; i += 1) state(1, `s${i % 6}`, i % 2 === 0 ? 'running' : 'user_typing');
    runtime.renderStep();
    runtime.renderStep();
    expect(surface.views).toHaveLength(2);
    expect(surface.lastView?.overflowCount).toBe(2);
  });

  it('scenario 63: activity motion re-renders a running selection every 1.5 s, not under a preview or another state', () => {
    const { runtime, surface, state, line, clock } = setup({ activityMotion: true });
    state(1, 'a', 'running');
    runtime.renderStep(); // t = 0
    const renderTimes: number[] = [];
    const before = () => surface.views.length;
    // Steps of 1/32 s are exact in binary, so the 1.5 s deadlines are hit exactly.
    for (let step = 1; step <= 100; step += 1) {
      clock.now = step / 32;
      const count = before();
      runtime.renderStep();
      if (surface.views.length > count) renderTimes.push(clock.now);
    }
    expect(renderTimes).toEqual([1.5, 3]);
    expect(surface.views.every((view) => view.activityMotion)).toBe(true);

    line(2, { type: 'preview', preview_id: 'p', state: 'success', ttl: 10 });
    clock.now = 3.2;
    runtime.renderStep(); // the preview itself changed the revision
    const underPreview = surface.views.length;
    expect(surface.lastView).toMatchObject({ selectedState: 'success', activityMotion: false });
    for (const t of [4.6, 6.2, 7.8]) {
      clock.now = t;
      runtime.renderStep();
    }
    expect(surface.views).toHaveLength(underPreview);

    line(2, { type: 'preview_end', preview_id: 'p' });
    state(1, 'a', 'user_typing');
    clock.now = 8;
    runtime.renderStep();
    const typing = surface.views.length;
    for (const t of [9.6, 11.2, 12.8]) {
      clock.now = t;
      runtime.renderStep();
    }
    expect(surface.views).toHaveLength(typing);
  });

  it('scenario 64: a terminal hold reached inside the loop renders waiting_for_reply', () => {
    const { runtime, surface, state, clock } = setup();
    state(1, 'a', 'success');
    runtime.renderStep();
    expect(surface.lastView?.selectedState).toBe('success');
    clock.now = 1.99;
    runtime.renderStep();
    expect(surface.views).toHaveLength(1);
    clock.now = 2.0;
    runtime.renderStep();
    expect(surface.views).toHaveLength(2);
    expect(surface.lastView?.selectedState).toBe('waiting_for_reply');
  });

  it('scenario 65: an approval request stops a playing Show and the next render shows it', () => {
    const { runtime, surface, experience, state, clock } = setup();
    runtime.renderStep();
    surface.press(experienceRequested('show'));
    runtime.surfaceStep();
    expect(experience.activeKind).toBe('show');
    clock.advance(0.03);
    runtime.renderStep();
    const rendered = surface.views.length;
    state(1, 'urgent', 'waiting_for_approval');
    expect(experience.stops).toEqual(['agent_attention_required']);
    expect(runtime.status().experience).toBeNull();
    expect(surface.views).toHaveLength(rendered);
    clock.advance(0.03);
    runtime.renderStep();
    expect(surface.views).toHaveLength(rendered + 1);
    expect(surface.lastView?.selectedState).toBe('waiting_for_approval');
  });

  it('scenario 65: while an experience plays the live view is not rendered; its own end forces a render', () => {
    const { runtime, surface, experience, state, clock } = setup();
    state(1, 'a', 'running');
    runtime.renderStep();
    surface.press(experienceRequested('demo'));
    runtime.surfaceStep();
    experience.finishAt = 5;
    state(1, 'b', 'user_typing');
    for (const t of [1, 2, 3, 4]) {
      clock.now = t;
      runtime.renderStep();
    }
    expect(surface.views).toHaveLength(1);
    clock.now = 5;
    runtime.renderStep();
    expect(experience.stops).toEqual(['complete']);
    expect(surface.views).toHaveLength(2);
    expect(surface.lastView?.sessions.map((s) => s.label)).toEqual(['a', 'b']);
  });

  it('scenario 66: a Demo request is refused while a session waits for a reply', () => {
    const { runtime, surface, experience, state } = setup();
    state(1, 'waiting', 'waiting_for_reply');
    surface.press(experienceRequested('demo'));
    runtime.surfaceStep();
    expect(experience.starts).toEqual([]);
    expect(experience.blocks).toHaveLength(1);
    expect(experience.blocks[0]!.kind).toBe('demo');
    expect(experience.blocks[0]!.reason).toMatch(/waiting/);
    expect(runtime.status().experience).toBeNull();
  });

  it('scenario 67: presses during a Demo go to the Demo, never to subscribers; a stop request ends it', () => {
    const { runtime, surface, experience, state, line, outbox } = setup();
    state(1, 's1', 'running');
    line(2, { type: 'subscribe_actions', agent: { backend: 'codex', session_id: 's1' }, actions: ['approve', 'reject', 'stop'] });
    surface.press(experienceRequested('demo'));
    runtime.surfaceStep();
    expect(runtime.status().experience).toBe('demo');
    surface.press(sessionSelected(0), actionPressed('approve'), actionPressed('stop'));
    runtime.surfaceStep();
    expect(experience.consumed).toEqual([sessionSelected(0), actionPressed('approve'), actionPressed('stop')]);
    expect(outbox.lines.get(2)).toBeUndefined();
    const rendered = surface.views.length;
    surface.press(experienceStopRequested());
    runtime.surfaceStep();
    expect(experience.stops).toEqual(['stopped']);
    expect(runtime.status().experience).toBeNull();
    runtime.renderStep();
    expect(surface.views).toHaveLength(rendered + 1);
    // Live again: the same press now reaches the subscriber.
    surface.press(actionPressed('stop'));
    runtime.surfaceStep();
    expect(outbox.messages(2)).toEqual([{ protocol: 1, type: 'action', action: 'stop', agent: { backend: 'codex', session_id: 's1' } }]);
  });

  it('scenario 68: a terminal hold expiring during a Demo preempts it', () => {
    const { runtime, surface, experience, state, clock } = setup();
    state(1, 'done', 'success');
    surface.press(experienceRequested('demo'));
    runtime.surfaceStep();
    expect(experience.activeKind).toBe('demo');
    clock.now = 1.0;
    runtime.renderStep();
    expect(experience.activeKind).toBe('demo');
    clock.now = 2.0;
    runtime.renderStep();
    expect(experience.stops).toEqual(['agent_attention_required']);
    expect(surface.lastView?.selectedState).toBe('waiting_for_reply');
  });
});

describe('what the runtime says is due (the loop sleeps until then)', () => {
  it('nothing while only input can change the pad; the activity motion re-render while the selected agent runs', () => {
    const { runtime, state, clock } = setup({ activityMotion: true });
    runtime.renderStep();
    expect(runtime.secondsUntilDue()).toBe(Number.POSITIVE_INFINITY);
    state(1, 'a', 'running');
    runtime.renderStep();
    expect(runtime.secondsUntilDue()).toBeCloseTo(1.5, 9);
    clock.advance(1);
    expect(runtime.secondsUntilDue()).toBeCloseTo(0.5, 9);
    state(1, 'a', 'waiting_for_reply');
    runtime.renderStep();
    // Then only its TTL (a day by default), counted from its last update.
    expect(runtime.secondsUntilDue()).toBeCloseTo(86_400, 6);
  });

  it("a terminal state's hold end, and every step while a Demo plays", () => {
    const { runtime, state, surface, experience } = setup({ terminalHold: 2 });
    state(1, 'a', 'success');
    runtime.renderStep();
    expect(runtime.secondsUntilDue()).toBeCloseTo(2, 9);
    surface.press(experienceRequested('demo'));
    runtime.surfaceStep();
    expect(experience.activeKind).toBe('demo');
    expect(runtime.secondsUntilDue()).toBeNull();
  });
});
