import { describe, expect, it } from 'vitest';
import { id, makePlane } from './helpers.js';

const X = id('X');

describe('control-plane.md §21', () => {
  it('scenario 48: a state bound to an owned lease is leased and ends with the lease owner', () => {
    const plane = makePlane();
    const L = 1;
    expect(plane.registerLease(L, 'lease-1', null, { label: 'docs' }, 1)).toBeNull();
    const session1 = id('session-1');
    const bound = plane.bindLease('lease-1', session1, { cwd: '/home/dev/project' }, 2);
    expect(bound.owner).toBe(L);
    expect(bound.session.state).toBe('waiting_for_reply');
    plane.update(session1, 'waiting_for_reply', 2, { cwd: '/home/dev/project' });
    expect(plane.sessions()).toEqual([
      expect.objectContaining({
        identity: session1,
        leased: true,
        label: 'docs',
        metadata: { label: 'docs', cwd: '/home/dev/project' },
      }),
    ]);
    expect(plane.disconnect(L)).toBe(true);
    expect(plane.sessions()).toEqual([]);
    expect(plane.selection()).toBeNull();
  });

  it('scenario 49: a reconnecting launcher takes the lease over; the old connection no longer matters', () => {
    const plane = makePlane();
    plane.registerLease(10, 'lease', X, { label: 'first' }, 1);
    plane.registerLease(11, 'lease', X, { label: 'second' }, 2);
    expect(plane.disconnect(10)).toBe(false);
    expect(plane.session(X)).toMatchObject({ leased: true, label: 'second' });
    expect(plane.disconnect(11)).toBe(true);
    expect(plane.session(X)).toBeNull();
  });

  it('scenario 50: registering a second lease on the same connection releases the first', () => {
    const plane = makePlane();
    plane.registerLease(1, 'L1', id('a'), { label: 'one' }, 1);
    const ack = plane.registerLease(1, 'L2', id('b'), {}, 2);
    expect(plane.session(id('a'))).toBeNull();
    expect(ack).toMatchObject({ identity: id('b'), leased: true, selected: true });
    expect(plane.session(id('b'))).toMatchObject({ leased: true, selected: true });
  });

  it('scenario 51: a session bound by two owned leases lives until both owners leave', () => {
    const plane = makePlane();
    plane.registerLease(1, 'L1', X, {}, 1);
    plane.registerLease(2, 'L2', X, {}, 1);
    plane.disconnect(1);
    expect(plane.session(X)).toMatchObject({ leased: true });
    plane.disconnect(2);
    expect(plane.session(X)).toBeNull();
  });

  it('scenario 52: rebinding a lease away from the selected identity leaves nothing selected', () => {
    const plane = makePlane();
    plane.registerLease(1, 'L', id('s1'), {}, 1);
    expect(plane.session(id('s1'))).toMatchObject({ slot: 0, selected: true });
    const bound = plane.bindLease('L', id('s2'), {}, 2);
    expect(bound.session).toMatchObject({ slot: 1, leased: true });
    expect(plane.session(id('s1'))).toBeNull();
    expect(plane.session(id('s2'))).toMatchObject({ slot: 1, leased: true, selected: false });
    expect(plane.surfaceView(0, false).sessions.map((indicator) => indicator.slot)).toEqual([1]);
    expect(plane.selection()).toBeNull();
  });

  it('scenario 53: an unowned lease id still binds, ends the earlier identity and can be adopted', () => {
    const plane = makePlane();
    const first = plane.bindLease('ghost', id('g1'), {}, 1);
    expect(first).toMatchObject({ owner: null, session: { leased: false } });
    plane.bindLease('ghost', id('g2'), {}, 2);
    expect(plane.session(id('g1'))).toBeNull();
    expect(plane.session(id('g2'))?.leased).toBe(false);
    expect(plane.registerLease(7, 'ghost', null, {}, 3)).toMatchObject({ identity: id('g2'), leased: true });
  });

  it('scenario 54: an explicitly ended leased session re-created without the lease is not tied to it', () => {
    const plane = makePlane();
    plane.registerLease(1, 'L', X, {}, 1);
    expect(plane.end(X)).toBe(true);
    expect(plane.session(X)).toBeNull();
    expect(plane.update(X, 'running', 2).leased).toBe(false);
    plane.disconnect(1);
    expect(plane.session(X)).toMatchObject({ state: 'running' });
  });

  it('scenario 55: a reconnect after a daemon restart re-creates the leased session', () => {
    const plane = makePlane();
    const ack = plane.registerLease(3, 'L', X, { label: 'impl' }, 1);
    expect(ack).toMatchObject({
      identity: X,
      state: 'waiting_for_reply',
      slot: 0,
      selected: true,
      leased: true,
      label: 'impl',
    });
  });

  it('scenario 56: re-registering without agent resolves the bound session and refreshes it', () => {
    const plane = makePlane();
    plane.registerLease(3, 'L', X, { label: 'old' }, 1);
    const lastSeen = plane.recency(X)?.lastSeen;
    const ack = plane.registerLease(3, 'L', null, { label: 'new' }, 5);
    expect(ack).toMatchObject({ identity: X, label: 'new' });
    expect(plane.session(X)?.label).toBe('new');
    expect(plane.recency(X)).toEqual({ lastSeen, lastActivityAt: 5 });
  });
});
