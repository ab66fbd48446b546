import { describe, expect, it } from 'vitest';
import { actionPressed, actionReleased, type PressOutcome } from '../../src/domain/index.js';
import { ControlPlane } from '../../src/daemon/control-plane/index.js';
import { DaemonRuntime } from '../../src/daemon/runtime/runtime.js';
import { FakeClock, RecordingOutbox, RecordingSurface } from './helpers/fakes.js';
import { hubOf } from '../helpers/hub.js';

/** Hold to approve through the daemon runtime: presses and releases in, receipts, log lines and `action` lines out. */
function setup() {
  const clock = new FakeClock();
  const surface = new RecordingSurface(2);
  const outbox = new RecordingOutbox();
  const logged: string[] = [];
  const logger = { info: (line: string) => logged.push(line), warn: (line: string) => logged.push(line), error: (line: string) => logged.push(line) };
  const plane = new ControlPlane({ selectorCapacity: 2, accentNames: surface.geometry.accentNames });
  const runtime = new DaemonRuntime({ plane, surfaces: hubOf([surface]), outbox, clock: clock.read, logger });
  const line = (conn: number, message: Record<string, unknown>) => runtime.handleLine(conn, Buffer.from(JSON.stringify({ protocol: 1, ...message })));
  const agent = { backend: 'claude', session_id: 's1' };
  line(1, { type: 'state', state: 'waiting_for_approval', agent });
  line(5, { type: 'subscribe_actions', agent, actions: ['approve', 'reject'], request_id: 'q1', one_shot: true });
  line(5, { type: 'approval_details', agent, request_id: 'q1', tool: 'Bash', detail: 'rm -rf build' });
  const outcomes: PressOutcome[] = [];
  const down = () => {
    surface.press(actionPressed('approve', { settle: (outcome) => outcomes.push(outcome) }));
    runtime.surfaceStep();
  };
  const up = () => {
    surface.press(actionReleased('approve'));
    runtime.surfaceStep();
  };
  const actions = () => outbox.messages(5).filter((message) => message['type'] === 'action');
  return { clock, runtime, surface, logged, outcomes, down, up, actions };
}

describe('daemon: hold to approve a destructive command', () => {
  it('a short press says "hold to approve" to the surface and in the log, and sends nothing', () => {
    const { clock, runtime, logged, outcomes, down, up, actions } = setup();
    down();
    clock.advance(0.4);
    runtime.renderStep();
    up();
    expect(outcomes).toEqual([{ kind: 'refused', action: 'approve', reason: 'hold_required' }]);
    expect(logged.filter((entry) => entry.includes('hold to approve'))).toEqual([
      'approve: hold to approve: a destructive command needs Approve held 1.5 s; it was let go after 0.4 s, nothing was sent',
    ]);
    clock.advance(5);
    runtime.renderStep();
    expect(actions()).toEqual([]);
  });

  it('a long press approves once when let go after the fill is full; the surfaces saw the fill rise', () => {
    const { clock, runtime, surface, outcomes, down, up, actions } = setup();
    down();
    const fills: number[] = [];
    for (let step = 0; step < 20; step += 1) {
      runtime.renderStep();
      const hold = surface.views.at(-1)?.hold;
      if (hold !== undefined && fills.at(-1) !== hold.filled) fills.push(hold.filled);
      clock.advance(0.1);
    }
    expect(fills).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Full, and still held: nothing is sent before the release.
    expect(actions()).toEqual([]);
    up();
    expect(actions()).toEqual([{ protocol: 1, type: 'action', action: 'approve', agent: { backend: 'claude', session_id: 's1' }, request_id: 'q1' }]);
    expect(outcomes).toEqual([{ kind: 'delivered', action: 'approve', agent: { slot: 0, label: 's1', accent: 'cyan' } }]);
    up();
    clock.advance(1);
    runtime.renderStep();
    expect(actions()).toHaveLength(1);
    expect(outcomes).toHaveLength(1);
  });

  it('a click, whose release never comes, is told "hold to approve" and approves nothing', () => {
    const { clock, runtime, logged, outcomes, down, actions } = setup();
    down();
    clock.advance(10);
    runtime.renderStep();
    expect(outcomes).toEqual([{ kind: 'refused', action: 'approve', reason: 'hold_required' }]);
    expect(logged).toContain('approve: hold to approve: Approve was never let go, so nothing was sent (a click cannot hold)');
    expect(actions()).toEqual([]);
  });
});
