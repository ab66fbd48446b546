import { describe, expect, it } from 'vitest';
import { actionPressed, agentSelected, type PressOutcome, type PressReceipt } from '../../src/domain/index.js';
import { ControlPlane } from '../../src/daemon/control-plane/index.js';
import { DaemonRuntime } from '../../src/daemon/runtime/runtime.js';
import { FakeClock, FakeExperience, RecordingOutbox, RecordingSurface } from './helpers/fakes.js';
import { hubOf } from '../helpers/hub.js';

function setup() {
  const clock = new FakeClock();
  const surface = new RecordingSurface(2);
  const outbox = new RecordingOutbox();
  const experience = new FakeExperience();
  const plane = new ControlPlane({ selectorCapacity: 2, accentNames: surface.geometry.accentNames });
  const runtime = new DaemonRuntime({ plane, surfaces: hubOf([surface]), outbox, clock: clock.read, experience });
  const line = (conn: number, message: Record<string, unknown>) => runtime.handleLine(conn, Buffer.from(JSON.stringify({ protocol: 1, ...message })));
  const agent = (sessionId: string, label: string, state: string) =>
    line(1, { type: 'state', state, agent: { backend: 'codex', session_id: sessionId, label } });
  /** Presses through the surface and returns what the daemon settled, in order. */
  const press = (...make: ((receipt: PressReceipt) => ReturnType<typeof actionPressed>)[]): PressOutcome[] => {
    const outcomes: PressOutcome[] = [];
    surface.press(...make.map((build) => build({ settle: (outcome) => outcomes.push(outcome) })));
    runtime.surfaceStep();
    return outcomes;
  };
  return { clock, outbox, experience, plane, runtime, line, agent, press };
}

describe('press receipts: the daemon tells a surface what each press did', () => {
  it('a delivered approval names the agent; the one-shot request is consumed, so a second press finds nothing waiting', () => {
    const { agent, line, press, outbox, clock } = setup();
    agent('r1', 'reviewer', 'waiting_for_approval');
    line(5, { type: 'subscribe_actions', agent: { backend: 'codex', session_id: 'r1' }, actions: ['approve', 'reject'], request_id: 'q1', one_shot: true });
    expect(press((r) => actionPressed('approve', r))).toEqual([
      { kind: 'delivered', action: 'approve', agent: { slot: 0, label: 'reviewer', accent: 'cyan' } },
    ]);
    clock.advance(1);
    expect(press((r) => actionPressed('approve', r))).toEqual([{ kind: 'refused', action: 'approve', reason: 'nothing_waiting' }]);
    expect(outbox.messages(5).filter((message) => message['type'] === 'action')).toHaveLength(1);
  });

  it('names why nothing was sent: no selection, too soon, and a recipient that vanished', () => {
    const { agent, line, press, outbox, plane, clock } = setup();
    expect(press((r) => actionPressed('stop', r))).toEqual([{ kind: 'refused', action: 'stop', reason: 'no_selection' }]);
    agent('b1', 'builder', 'running');
    line(6, { type: 'subscribe_actions', agent: { backend: 'codex', session_id: 'b1' }, actions: ['stop'] });
    expect(
      press(
        (r) => actionPressed('stop', r),
        (r) => actionPressed('stop', r),
      ).map((o) => ('reason' in o ? o.reason : o.kind)),
    ).toEqual(['delivered', 'too_soon']);
    outbox.closed.add(6);
    clock.advance(1);
    expect(press((r) => actionPressed('stop', r))).toEqual([{ kind: 'refused', action: 'stop', reason: 'not_delivered' }]);
    expect(plane.invariantViolations()).toEqual([]);
  });

  it('selecting an agent without a Scene by its ref gives it a Scene and reports it; a stale ref is gone', () => {
    const { agent, press, plane } = setup();
    agent('a', 'alpha', 'running');
    agent('b', 'beta', 'running');
    agent('c', 'gamma', 'running');
    // alpha is selected, so gamma displaced beta; selecting beta moves the selection and displaces alpha, the least recently active.
    const [beta] = plane.surfaceView(0, false).overflow!;
    expect(beta?.label).toBe('beta');
    expect(press((r) => agentSelected(beta!.ref, r))).toEqual([{ kind: 'selected', agent: { slot: 0, label: 'beta', accent: 'cyan' } }]);
    expect(plane.surfaceView(0, false).overflow?.map((agent) => agent.label)).toEqual(['alpha']);
    expect(plane.selectedSessionState()).toBe('running');
    expect(press((r) => agentSelected(4242, r))).toEqual([{ kind: 'not_selected', reason: 'gone' }]);
  });

  it('while a Demo plays, the Demo takes an action press and an overflow selection changes nothing', () => {
    const { agent, press, experience, plane } = setup();
    agent('a', 'alpha', 'running');
    agent('b', 'beta', 'running');
    agent('c', 'gamma', 'running');
    const ref = plane.surfaceView(0, false).overflow![0]!.ref;
    experience.activeKind = 'demo';
    expect(
      press(
        (r) => actionPressed('approve', r),
        (r) => agentSelected(ref, r),
      ),
    ).toEqual([{ kind: 'experience' }, { kind: 'experience' }]);
    expect(experience.consumed.map((event) => event.type)).toEqual(['action_pressed']);
    expect(plane.overflowCount()).toBe(1);
  });

  it('a press without a receipt is the reference event, unchanged', () => {
    expect(actionPressed('stop')).toEqual({ type: 'action_pressed', action: 'stop' });
    expect(agentSelected(3)).toEqual({ type: 'agent_selected', ref: 3 });
  });
});
