import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_STATES, type AgentState } from '../../src/domain/index.js';
import { id, makePlane } from './helpers.js';

/** The daemon's loop sleeps until nextDeadline(): a tick before it must change nothing, a tick at it something. */
describe('the control plane says when time alone next changes it', () => {
  it('nothing is due on an empty plane, or with only running agents and no TTL', () => {
    const plane = makePlane({ sessionTtl: 0 });
    expect(plane.nextDeadline()).toBe(Number.POSITIVE_INFINITY);
    plane.update(id('a'), 'running', 1);
    expect(plane.nextDeadline()).toBe(Number.POSITIVE_INFINITY);
  });

  it('a terminal state is due when its hold ends, an idle session when its TTL runs out', () => {
    const plane = makePlane({ terminalHold: 3, sessionTtl: 100 });
    plane.update(id('a'), 'running', 10);
    expect(plane.nextDeadline()).toBe(110);
    plane.update(id('b'), 'success', 20);
    expect(plane.nextDeadline()).toBe(23);
    expect(plane.tick(22.999)).toBe(false);
    expect(plane.tick(23)).toBe(true);
    expect(plane.session(id('b'))?.state).toBe('waiting_for_reply');
    expect(plane.nextDeadline()).toBe(110);
  });

  it('a leased session has no TTL, so only its lease ending can remove it', () => {
    const plane = makePlane({ sessionTtl: 50 });
    plane.registerLease(7, 'lease', id('a'), {}, 1);
    expect(plane.nextDeadline()).toBe(Number.POSITIVE_INFINITY);
  });

  it('a preview is due when its TTL ends, a refusal notice when its hold ends', () => {
    const plane = makePlane({ sessionTtl: 0 });
    plane.setPreview(1, 'p', 'error', 12.5);
    expect(plane.nextDeadline()).toBe(12.5);
    plane.endPreview(1, 'p');
    plane.update(id('a'), 'running', 1);
    plane.notify(id('a'), 'denied', 'Bash', 'rm -rf /', 2);
    expect(plane.nextDeadline()).toBe(7);
    expect(plane.tick(6.9)).toBe(false);
    expect(plane.tick(7)).toBe(true);
  });

  it('for any history: a tick before the deadline changes nothing, the tick at it changes something', () => {
    type Op =
      | { readonly kind: 'state'; readonly who: number; readonly state: AgentState; readonly dt: number }
      | { readonly kind: 'preview'; readonly ttl: number; readonly dt: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant('state' as const),
        who: fc.nat(9),
        state: fc.constantFrom(...AGENT_STATES),
        dt: fc.double({ min: 0, max: 5, noNaN: true }),
      }),
      fc.record({ kind: fc.constant('preview' as const), ttl: fc.double({ min: 0.01, max: 30, noNaN: true }), dt: fc.double({ min: 0, max: 5, noNaN: true }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), fc.double({ min: 0, max: 1, noNaN: true }), (ops, fraction) => {
        const plane = makePlane({ terminalHold: 2, sessionTtl: 20 });
        let now = 1;
        for (const step of ops) {
          now += step.dt;
          if (step.kind === 'state') plane.update(id(`a${step.who}`), step.state, now);
          else plane.setPreview(1, 'p', 'running', now + step.ttl);
          plane.tick(now);
        }
        const due = plane.nextDeadline();
        if (due === Number.POSITIVE_INFINITY) {
          expect(plane.tick(now + 1e6)).toBe(false);
          return;
        }
        expect(due).toBeGreaterThan(now);
        expect(plane.tick(now + (due - now) * fraction * 0.999)).toBe(false);
        expect(plane.tick(due)).toBe(true);
      }),
    );
  });
});
