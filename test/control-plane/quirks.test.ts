import { describe, expect, it } from 'vitest';
import { id, makePlane, slotOf } from './helpers.js';
import { PREVIEW_CONFLICT_DIFFERENT_ID } from '../../src/daemon/control-plane/index.js';

const X = id('X');

describe('control plane rules beyond the numbered scenarios (control-plane.md §4–§13, §20)', () => {
  it('§4: a session created by an update ends two sequence values higher; subscribe records its bump', () => {
    const plane = makePlane();
    plane.update(id('a'), 'running', 1);
    const previous = plane.recency(id('a'))!.lastSeen;
    plane.update(X, 'running', 2);
    expect(plane.recency(X)!.lastSeen).toBe(previous + 2);
    plane.subscribe(1, X, ['stop'], null, false, 3);
    expect(plane.subscription(1)!.subscribedAt).toBe(previous + 3);
    expect(plane.recency(X)).toEqual({ lastSeen: previous + 3, lastActivityAt: 3 });
  });

  it('§4: a bind creates without a second bump; a bound lease re-registration with empty metadata refreshes nothing', () => {
    const plane = makePlane();
    plane.registerLease(1, 'L', X, {}, 1);
    expect(plane.recency(X)).toEqual({ lastSeen: 1, lastActivityAt: 1 });
    plane.bindLease('L', X, {}, 2);
    expect(plane.recency(X)).toEqual({ lastSeen: 1, lastActivityAt: 2 });
    plane.registerLease(1, 'L', null, {}, 5);
    expect(plane.recency(X)).toEqual({ lastSeen: 1, lastActivityAt: 2 });
  });

  it('quirk 11: with a zero hold the terminal state reverts on the very next tick', () => {
    const plane = makePlane({ terminalHold: 0 });
    plane.update(X, 'error', 1);
    expect(plane.session(X)?.state).toBe('error');
    expect(plane.tick(1)).toBe(true);
    expect(plane.session(X)?.state).toBe('waiting_for_reply');
  });

  it('quirk 6: the terminal revert ignores a pending approval', () => {
    const plane = makePlane();
    plane.update(X, 'success', 1);
    plane.subscribe(1, X, ['approve'], 'req', true, 2);
    plane.tick(3);
    expect(plane.session(X)?.state).toBe('waiting_for_reply');
  });

  it('quirk 4: subscribing with a scoped approval does not coerce the current state', () => {
    const plane = makePlane();
    plane.update(X, 'running', 1);
    plane.subscribe(1, X, ['approve', 'reject'], 'req', true, 2);
    expect(plane.session(X)?.state).toBe('running');
    expect(plane.availableActions().size).toBe(0);
  });

  it('quirk 5: a persistent scoped approver pins waiting_for_approval until it disconnects', () => {
    const plane = makePlane({ actionDebounce: 0 });
    plane.subscribe(1, X, ['approve'], 'req', false, 1);
    plane.update(X, 'running', 2);
    expect(plane.dispatch('approve', 3)?.requestId).toBe('req');
    expect(plane.update(X, 'success', 4).state).toBe('waiting_for_approval');
    plane.disconnect(1);
    expect(plane.update(X, 'success', 5).state).toBe('success');
  });

  it('quirk 8: binding an overflow identity does not promote it', () => {
    const plane = makePlane({ selectorCapacity: 2, accentNames: ['cyan', 'magenta'] });
    plane.update(id('A'), 'running', 1);
    plane.update(id('B'), 'running', 2);
    plane.update(id('O'), 'running', 3); // evicts B
    plane.update(id('B'), 'running', 4); // evicts O
    expect(slotOf(plane, 'O')).toBeNull();
    plane.bindLease('L', id('O'), {}, 5);
    plane.registerLease(2, 'L', id('O'), {}, 6);
    expect(slotOf(plane, 'O')).toBeNull();
  });

  it('§17.3: a session promoted by an earlier expiry can expire in the same tick', () => {
    const plane = makePlane({ selectorCapacity: 1, accentNames: ['cyan'], sessionTtl: 10 });
    plane.update(id('A'), 'running', 1);
    plane.update(id('B'), 'waiting_for_approval', 2);
    expect(plane.overflowCount()).toBe(1);
    const revision = plane.revision;
    expect(plane.tick(20)).toBe(true);
    expect(plane.sessions()).toEqual([]);
    expect(plane.revision).toBe(revision + 1);
  });

  it('§8: ending an unknown identity changes nothing; ending an overflow session promotes nobody', () => {
    const plane = makePlane({ selectorCapacity: 1, accentNames: ['cyan'] });
    plane.update(id('A'), 'running', 1);
    plane.update(id('B'), 'running', 2);
    plane.update(id('C'), 'running', 3);
    const revision = plane.revision;
    expect(plane.end(id('nobody'))).toBe(false);
    expect(plane.revision).toBe(revision);
    expect(plane.end(id('B'))).toBe(true);
    expect(plane.sessions().map((s) => [s.identity.sessionId, s.slot])).toEqual([
      ['A', 0],
      ['C', null],
    ]);
  });

  it('§11.2: switching leases keeps the session when another owned lease still binds it', () => {
    const plane = makePlane();
    plane.registerLease(1, 'L1', X, {}, 1);
    plane.registerLease(2, 'L2', X, {}, 1);
    plane.registerLease(1, 'L3', null, {}, 2);
    expect(plane.session(X)?.leased).toBe(true);
  });

  it('§13: the owner may replace its preview under the same id; another id conflicts; end needs the id', () => {
    const plane = makePlane();
    expect(plane.setPreview(1, 'p', 'running', 5).ok).toBe(true);
    expect(plane.setPreview(1, 'p', 'error', 6).ok).toBe(true);
    expect(plane.previewState()).toBe('error');
    expect(plane.setPreview(1, 'q', 'error', 6)).toEqual({ ok: false, code: 'preview_conflict', message: PREVIEW_CONFLICT_DIFFERENT_ID });
    const revision = plane.revision;
    expect(plane.endPreview(2, 'p')).toBe(false);
    expect(plane.endPreview(1, 'q')).toBe(false);
    expect(plane.revision).toBe(revision);
    expect(plane.endPreview(1, 'p')).toBe(true);
    expect(plane.revision).toBe(revision + 1);
    expect(plane.previewActive()).toBe(false);
  });

  it('§12.4: the debounce entries of an ended identity are forgotten', () => {
    const plane = makePlane({ actionDebounce: 60 });
    plane.update(X, 'running', 1);
    plane.subscribe(1, X, ['stop'], null, false, 1);
    expect(plane.dispatch('stop', 2)).not.toBeNull();
    plane.end(X);
    plane.update(X, 'running', 3);
    plane.subscribe(1, X, ['stop'], null, false, 3);
    expect(plane.dispatch('stop', 4)).not.toBeNull();
  });

  it('§17.4: attention is required by any waiting session, visible or not', () => {
    const plane = makePlane({ selectorCapacity: 1, accentNames: ['cyan'] });
    plane.update(id('A'), 'running', 1);
    expect(plane.attentionRequired()).toBe(false);
    plane.update(id('B'), 'waiting_for_reply', 2); // stays in overflow: A is selected
    expect(slotOf(plane, 'B')).toBeNull();
    expect(plane.attentionRequired()).toBe(true);
  });

  it('§17.7: the view lists visible sessions by slot with labels and hides motion under a preview', () => {
    const plane = makePlane();
    plane.update(id('first'), 'running', 1, { cwd: '/home/dev/project' });
    plane.update(id('second-session-id'), 'user_typing', 2);
    const view = plane.surfaceView(3, true);
    expect(view).toMatchObject({ selectedState: 'running', frame: 3, overflowCount: 0, activityMotion: true });
    expect(view.sessions).toEqual([
      { slot: 0, state: 'running', selected: true, accent: 'cyan', label: 'project' },
      { slot: 1, state: 'user_typing', selected: false, accent: 'magenta', label: 'second-s' },
    ]);
  });
});
