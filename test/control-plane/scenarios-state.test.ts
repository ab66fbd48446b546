import { describe, expect, it } from 'vitest';
import { id, makePlane } from './helpers.js';

const X = id('X');

describe('control-plane.md §21', () => {
  it('scenario 25: a pending request-scoped approval coerces a state update', () => {
    const plane = makePlane();
    plane.subscribe(10, X, ['approve', 'reject'], 'approval', true, 1);
    expect(plane.update(X, 'running', 2).state).toBe('waiting_for_approval');
  });

  it('scenario 26: a terminal state is coerced too and gets no terminal hold', () => {
    const plane = makePlane();
    plane.subscribe(10, X, ['approve', 'reject'], 'approval', true, 1);
    plane.update(X, 'running', 2);
    expect(plane.update(X, 'success', 3).state).toBe('waiting_for_approval');
    // Without a hold nothing reverts, so a tick long after changes nothing.
    const revision = plane.revision;
    expect(plane.tick(100)).toBe(false);
    expect(plane.revision).toBe(revision);
  });

  it('scenario 27: an unscoped approver does not coerce', () => {
    const plane = makePlane();
    plane.subscribe(10, X, ['approve', 'reject'], null, false, 1);
    expect(plane.update(X, 'running', 2).state).toBe('running');
  });

  it('scenario 28: a terminal state reverts after the hold, then the session expires', () => {
    const plane = makePlane({ sessionTtl: 10 });
    plane.update(X, 'success', 1);
    expect(plane.tick(2.9)).toBe(false);
    expect(plane.session(X)?.state).toBe('success');
    expect(plane.tick(3.0)).toBe(true);
    expect(plane.session(X)?.state).toBe('waiting_for_reply');
    expect(plane.recency(X)?.lastActivityAt).toBe(1);
    expect(plane.tick(11.0)).toBe(true);
    expect(plane.session(X)).toBeNull();
  });

  it('scenario 29: a second terminal update restarts the hold; a non-terminal one cancels it', () => {
    const restarted = makePlane();
    restarted.update(X, 'success', 1);
    restarted.update(X, 'success', 2);
    restarted.tick(3.0);
    expect(restarted.session(X)?.state).toBe('success');
    restarted.tick(4.0);
    expect(restarted.session(X)?.state).toBe('waiting_for_reply');

    const cancelled = makePlane();
    cancelled.update(X, 'success', 1);
    cancelled.update(X, 'running', 2);
    for (const now of [3, 4, 1000]) cancelled.tick(now);
    expect(cancelled.session(X)?.state).toBe('running');
  });

  it('scenario 30: inactive sessions expire, the selected one included', () => {
    const plane = makePlane({ sessionTtl: 10 });
    plane.update(id('first'), 'running', 1);
    plane.update(id('second'), 'waiting_for_reply', 1);
    expect(plane.tick(12)).toBe(true);
    expect(plane.sessions()).toEqual([]);
    expect(plane.selection()).toBeNull();
  });

  it('scenario 31: a leased session does not expire', () => {
    const plane = makePlane({ sessionTtl: 10 });
    plane.registerLease(5, 'lease-1', id('leased'), {}, 1);
    plane.update(id('leased'), 'waiting_for_approval', 1);
    plane.tick(12);
    expect(plane.session(id('leased'))).toMatchObject({ leased: true, state: 'waiting_for_approval' });
  });

  it('scenario 32: a TTL of 0 disables expiry', () => {
    const plane = makePlane({ sessionTtl: 0 });
    plane.update(X, 'running', 1);
    expect(plane.tick(1e9)).toBe(false);
    expect(plane.session(X)).not.toBeNull();
  });

  it('scenario 33: a subscription does not protect from expiry and is dropped with the session', () => {
    const plane = makePlane({ sessionTtl: 10 });
    plane.subscribe(4, X, ['stop'], null, false, 1);
    plane.tick(10.9);
    expect(plane.session(X)).not.toBeNull();
    plane.tick(11);
    expect(plane.session(X)).toBeNull();
    expect(plane.subscription(4)).toBeNull();
    plane.update(X, 'running', 12);
    expect(plane.selection()).toEqual(X);
    expect(plane.availableActions().size).toBe(0);
  });

  it('scenario 34: metadata merges key by key; the label follows', () => {
    const plane = makePlane();
    plane.update(X, 'running', 1, { cwd: '/a' });
    plane.update(X, 'running', 2, { label: 'x' });
    const session = plane.update(X, 'running', 3, { cwd: '/b' });
    expect(session.metadata).toEqual({ cwd: '/b', label: 'x' });
    expect(session.label).toBe('x');
  });
});
