import { describe, expect, it } from 'vitest';
import { id, makePlane } from './helpers.js';
import type { ControlPlane } from '../../src/daemon/control-plane/index.js';

const X = id('X');

/** X waiting for approval with one-shot approvers 10 ("first") and 11 ("second"). */
function twoApprovers(actionDebounce?: number): ControlPlane {
  const plane = makePlane(actionDebounce === undefined ? {} : { actionDebounce });
  plane.update(X, 'waiting_for_approval', 1);
  plane.subscribe(10, X, ['approve', 'reject'], 'first', true, 2);
  plane.subscribe(11, X, ['approve', 'reject'], 'second', true, 2);
  return plane;
}

describe('control-plane.md §21', () => {
  it('scenario 35: each press resolves one one-shot approver, oldest first', () => {
    const plane = twoApprovers(0);
    expect(plane.dispatch('approve', 3)).toEqual({ connection: 10, identity: X, action: 'approve', requestId: 'first' });
    expect(plane.dispatch('reject', 4)).toEqual({ connection: 11, identity: X, action: 'reject', requestId: 'second' });
    expect(plane.availableActions().size).toBe(0);
  });

  it('scenario 36: a one-shot recipient loses all capabilities; the other still offers them', () => {
    const plane = twoApprovers();
    const revision = plane.revision;
    expect(plane.dispatch('approve', 3)?.connection).toBe(10);
    expect(plane.revision).toBe(revision + 1);
    expect(plane.subscription(10)).toMatchObject({ actions: new Set(), requestId: null, oneShot: false });
    expect(plane.availableActions()).toEqual(new Set(['approve', 'reject']));
  });

  it('scenario 37: the override lasts while any one-shot approver is pending', () => {
    const plane = twoApprovers(0);
    const first = plane.dispatch('approve', 3);
    expect(plane.update(X, 'running', 4).state).toBe('waiting_for_approval');
    expect(plane.availableActions()).toEqual(new Set(['approve', 'reject']));
    const second = plane.dispatch('reject', 5);
    expect(plane.update(X, 'running', 6).state).toBe('running');
    expect([first, second].map((sent) => [sent?.connection, sent?.requestId])).toEqual([
      [10, 'first'],
      [11, 'second'],
    ]);
  });

  it('scenario 38: a request-scoped subscriber receives before an older unscoped one', () => {
    const plane = makePlane();
    plane.update(X, 'waiting_for_approval', 1);
    plane.subscribe(1, X, ['approve'], null, false, 2);
    plane.subscribe(2, X, ['approve'], 'req', false, 3);
    expect(plane.dispatch('approve', 4)).toMatchObject({ connection: 2, requestId: 'req' });
  });

  it('scenario 39: only actions the state permits are available', () => {
    const plane = makePlane();
    plane.update(X, 'running', 1);
    plane.subscribe(1, X, ['approve', 'stop'], null, false, 2);
    expect(plane.availableActions()).toEqual(new Set(['stop']));
  });

  it('scenario 40: only the selected identity contributes actions', () => {
    const plane = makePlane();
    plane.update(id('first'), 'running', 1);
    plane.update(id('second'), 'running', 2);
    plane.subscribe(1, id('first'), ['stop'], null, false, 3);
    plane.subscribe(2, id('second'), ['retry'], null, false, 3);
    const view = plane.surfaceView(0, false);
    expect(view.availableActions).toEqual(new Set(['stop']));
    expect(view.sessions.map((indicator) => [indicator.slot, indicator.selected])).toEqual([
      [0, true],
      [1, false],
    ]);
  });

  it('scenario 41: a press reaches only the selected identity', () => {
    const plane = makePlane();
    plane.update(id('first'), 'waiting_for_approval', 1);
    plane.update(id('second'), 'waiting_for_approval', 1);
    plane.subscribe(1, id('first'), ['approve'], 'a', true, 2);
    plane.subscribe(2, id('second'), ['approve'], 'b', true, 2);
    expect(plane.dispatch('approve', 3)).toEqual({ connection: 1, identity: id('first'), action: 'approve', requestId: 'a' });
    expect(plane.subscription(2)?.actions).toEqual(new Set(['approve']));
  });

  it('scenario 42: an action nobody advertises is unavailable', () => {
    const plane = makePlane();
    plane.update(X, 'waiting_for_approval', 1);
    plane.subscribe(1, X, ['reject'], 'r', true, 2);
    const revision = plane.revision;
    expect(plane.dispatch('approve', 3)).toBeNull();
    expect(plane.revision).toBe(revision);
  });

  it('scenario 43: debounce suppresses a repeat press; the very first press passes at any clock', () => {
    const plane = makePlane({ actionDebounce: 60 });
    plane.update(X, 'running', 0.5);
    plane.subscribe(1, X, ['stop'], null, false, 0.5);
    const presses = [plane.dispatch('stop', 1.0), plane.dispatch('stop', 2.0)];
    expect(presses.filter((press) => press !== null)).toHaveLength(1);
    expect(presses[0]).toMatchObject({ connection: 1, action: 'stop' });
  });

  it('scenario 44: debounce is per identity', () => {
    const plane = makePlane({ actionDebounce: 60 });
    plane.update(id('first'), 'running', 1);
    plane.update(id('second'), 'running', 1);
    plane.subscribe(1, id('first'), ['stop'], null, false, 1);
    plane.subscribe(2, id('second'), ['stop'], null, false, 1);
    const first = plane.dispatch('stop', 2);
    expect(plane.selectSlot(1, 2.1)).toBe(true);
    const second = plane.dispatch('stop', 2.2);
    expect([first?.connection, second?.connection]).toEqual([1, 2]);
  });

  it('scenario 45: debounce is per action', () => {
    const plane = twoApprovers();
    expect(plane.dispatch('approve', 3)?.connection).toBe(10);
    expect(plane.dispatch('reject', 3.01)?.connection).toBe(11);
  });

  it('scenario 46: when the only approver leaves, the state stays but the actions go', () => {
    const plane = makePlane();
    plane.update(X, 'waiting_for_approval', 1);
    plane.subscribe(1, X, ['approve', 'reject'], 'req', true, 2);
    expect(plane.disconnect(1)).toBe(true);
    expect(plane.availableActions().size).toBe(0);
    expect(plane.session(X)?.state).toBe('waiting_for_approval');
    expect(plane.update(X, 'running', 3).state).toBe('running');
  });

  it("scenario 47: a new subscription replaces the connection's previous one", () => {
    const plane = makePlane();
    plane.subscribe(1, X, ['approve'], 'req', false, 1);
    plane.subscribe(1, X, ['stop'], null, false, 2);
    expect(plane.subscription(1)).toMatchObject({ actions: new Set(['stop']), requestId: null });
    expect(plane.update(X, 'running', 3).state).toBe('running');
    expect(plane.availableActions()).toEqual(new Set(['stop']));
  });
});
