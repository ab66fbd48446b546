import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_STATES } from '../../src/domain/index.js';
import type { ControlPlane } from '../../src/daemon/control-plane/index.js';
import { id, makePlane, slotOf, statusOrder } from './helpers.js';

/** Four visible agents a–d (a selected) and two in overflow, e (older) and f, all running. */
function crowded(): ControlPlane {
  const plane = makePlane();
  ['a', 'b', 'c', 'd', 'e', 'f'].forEach((name, i) => plane.update(id(name), 'running', i + 1));
  return plane;
}

const refOf = (plane: ControlPlane, name: string): number => {
  const agent = plane.surfaceView(0, false).overflow?.find((candidate) => candidate.label === name.slice(0, 8));
  if (agent === undefined) throw new Error(`${name} is not in overflow`);
  return agent.ref;
};

describe('control plane extension: the overflow list and selecting an agent without a Scene', () => {
  it('the view lists overflow agents in the order they would get a Scene, with opaque refs and their last accent', () => {
    const plane = crowded();
    // a is selected (protected): e displaced b, then f displaced c.
    expect(statusOrder(plane)).toEqual(['a', 'e', 'f', 'd', 'b', 'c']);
    const view = plane.surfaceView(0, false);
    expect(view.overflowCount).toBe(2);
    expect(view.overflow?.map((agent) => [agent.label, agent.state, agent.accent])).toEqual([
      ['c', 'running', 'lime'],
      ['b', 'running', 'magenta'],
    ]);
    expect(new Set(view.overflow?.map((agent) => agent.ref)).size).toBe(2);
    for (const agent of view.overflow ?? []) expect(Object.keys(agent).sort()).toEqual(['accent', 'label', 'ref', 'state']);
  });

  it('selecting an overflow agent gives it the Scene of the least recently active agent not waiting for approval, and selects it', () => {
    const plane = crowded();
    plane.update(id('a'), 'waiting_for_approval', 7);
    plane.update(id('e'), 'running', 8);
    // Visible now: a (approval, protected), e (just active), f and d; d is the least recently active.
    const revision = plane.revision;
    const selection = plane.selectAgent(refOf(plane, 'c'), 20);
    expect(selection).toEqual({ ok: true, slot: 3 });
    expect(plane.revision).toBe(revision + 1);
    expect(plane.selection()).toEqual(id('c'));
    expect(statusOrder(plane)).toEqual(['a', 'e', 'f', 'c', 'b', 'd']);
    // c's old lime went to f when f displaced it, so c takes the accent d left (§10).
    expect(plane.session(id('c'))?.accent).toBe('orange');
    expect(plane.session(id('f'))?.accent).toBe('lime');
    expect(plane.invariantViolations()).toEqual([]);
  });

  it('the previous selection is not protected: the selection is moving away from it', () => {
    const plane = makePlane({ selectorCapacity: 1, accentNames: ['cyan'] });
    plane.update(id('a'), 'running', 1);
    plane.update(id('b'), 'running', 2);
    expect(slotOf(plane, 'b')).toBeNull();
    expect(plane.selectAgent(refOf(plane, 'b'), 3)).toEqual({ ok: true, slot: 0 });
    expect(slotOf(plane, 'a')).toBeNull();
    expect(plane.selection()).toEqual(id('b'));
  });

  it('agents waiting for approval keep their Scenes: with no other room, nothing changes', () => {
    const plane = makePlane({ selectorCapacity: 2, accentNames: ['cyan', 'magenta'] });
    plane.update(id('a'), 'waiting_for_approval', 1);
    plane.update(id('b'), 'waiting_for_approval', 2);
    plane.update(id('c'), 'running', 3);
    const revision = plane.revision;
    expect(plane.selectAgent(refOf(plane, 'c'), 4)).toEqual({ ok: false, reason: 'no_room' });
    expect(plane.revision).toBe(revision);
    expect(plane.selection()).toEqual(id('a'));
    expect(slotOf(plane, 'c')).toBeNull();
  });

  it('a visible agent selected by ref behaves like its Scene; an unknown or ended ref is gone', () => {
    const plane = crowded();
    const ref = plane.surfaceView(0, false).overflow![0]!.ref;
    const name = plane.surfaceView(0, false).overflow![0]!.label;
    expect(plane.selectAgent(ref, 5).ok).toBe(true);
    expect(plane.selectAgent(ref, 6)).toEqual({ ok: true, slot: slotOf(plane, name) });
    plane.end(id(name));
    expect(plane.selectAgent(ref, 7)).toEqual({ ok: false, reason: 'gone' });
    expect(plane.selectAgent(9_999, 7)).toEqual({ ok: false, reason: 'gone' });
    // A re-created identity is a new agent with a new ref.
    plane.update(id(name), 'running', 8);
    expect(plane.surfaceView(0, false).overflow?.some((agent) => agent.ref === ref)).toBe(false);
  });

  it('keeps the §19 invariants and exactly one selection over random updates, ends and selections by ref', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const op = fc.oneof(
      fc.record({ kind: fc.constant('update' as const), who: fc.constantFrom(...names), state: fc.constantFrom(...AGENT_STATES) }),
      fc.record({ kind: fc.constant('end' as const), who: fc.constantFrom(...names) }),
      fc.record({ kind: fc.constant('pick' as const), index: fc.nat({ max: 9 }) }),
      fc.record({ kind: fc.constant('slot' as const), slot: fc.nat({ max: 3 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const plane = makePlane();
        let now = 0;
        for (const step of ops) {
          now += 1;
          if (step.kind === 'update') plane.update(id(step.who), step.state, now);
          else if (step.kind === 'end') plane.end(id(step.who));
          else if (step.kind === 'slot') plane.selectSlot(step.slot, now);
          else {
            const overflow = plane.surfaceView(0, false).overflow ?? [];
            const target = overflow[step.index % Math.max(1, overflow.length)];
            if (target === undefined) continue;
            const result = plane.selectAgent(target.ref, now);
            if (result.ok) expect(plane.session(plane.selection()!)?.slot).toBe(result.slot);
          }
          expect(plane.invariantViolations()).toEqual([]);
          expect(plane.sessions().filter((s) => s.selected).length).toBeLessThanOrEqual(1);
        }
      }),
      { seed: 19, numRuns: 300 },
    );
  });
});

describe('control plane extension: a press names the gate that stopped it', () => {
  it('no selection, nothing waiting, too soon; a delivery is the same as dispatch', () => {
    const plane = makePlane();
    expect(plane.dispatchPress('approve', 1)).toEqual({ ok: false, reason: 'no_selection' });
    plane.update(id('X'), 'running', 1);
    expect(plane.dispatchPress('approve', 2)).toEqual({ ok: false, reason: 'nothing_waiting' });
    plane.subscribe(7, id('X'), ['stop'], null, false, 3);
    expect(plane.dispatchPress('stop', 4)).toEqual({ ok: true, dispatched: { connection: 7, identity: id('X'), action: 'stop', requestId: null } });
    const revision = plane.revision;
    expect(plane.dispatchPress('stop', 4.1)).toEqual({ ok: false, reason: 'too_soon' });
    expect(plane.revision).toBe(revision);
    expect(plane.dispatchPress('stop', 4.3).ok).toBe(true);
  });

  it('a consumed one-shot request makes the next press "nothing waiting"', () => {
    const plane = makePlane();
    plane.update(id('X'), 'waiting_for_approval', 1);
    plane.subscribe(3, id('X'), ['approve', 'reject'], 'req', true, 2);
    expect(plane.dispatchPress('approve', 3).ok).toBe(true);
    expect(plane.availableActions().has('approve')).toBe(false);
    expect(plane.dispatchPress('approve', 10)).toEqual({ ok: false, reason: 'nothing_waiting' });
  });
});
