import { describe, expect, it } from 'vitest';
import { id, makePlane, slotOf } from './helpers.js';

describe('control-plane.md §21', () => {
  it('scenario 1: the first session is auto-selected, the second is not', () => {
    const plane = makePlane();
    plane.update(id('first'), 'waiting_for_reply', 1);
    plane.update(id('second'), 'running', 2);
    expect(plane.selection()).toEqual(id('first'));
    expect(plane.selectedSessionState()).toBe('waiting_for_reply');
    expect(plane.session(id('second'))).toMatchObject({ slot: 1, accent: 'magenta', selected: false });
  });

  it('scenario 2: selecting slot 1 selects the second session and bumps the revision', () => {
    const plane = makePlane();
    plane.update(id('first'), 'waiting_for_reply', 1);
    plane.update(id('second'), 'running', 2);
    const before = plane.revision;
    expect(plane.selectSlot(1, 3)).toBe(true);
    expect(plane.selection()).toEqual(id('second'));
    expect(plane.selectedSessionState()).toBe('running');
    expect(plane.revision).toBe(before + 1);
  });

  it('scenario 3: selecting an empty or out-of-range slot changes nothing', () => {
    const plane = makePlane();
    plane.update(id('first'), 'waiting_for_reply', 1);
    plane.update(id('second'), 'running', 2);
    const before = plane.revision;
    const recency = plane.recency(id('first'));
    expect(plane.selectSlot(3, 4)).toBe(false);
    expect(plane.selectSlot(9, 4)).toBe(false);
    expect(plane.selectSlot(-1, 4)).toBe(false);
    expect(plane.revision).toBe(before);
    expect(plane.selection()).toEqual(id('first'));
    expect(plane.recency(id('first'))).toEqual(recency);
  });

  it('scenario 4: re-selecting the selected slot succeeds and bumps the revision', () => {
    const plane = makePlane();
    plane.update(id('first'), 'running', 1);
    const before = plane.revision;
    const lastSeen = plane.recency(id('first'))!.lastSeen;
    expect(plane.selectSlot(0, 2)).toBe(true);
    expect(plane.revision).toBe(before + 1);
    expect(plane.recency(id('first'))).toEqual({ lastSeen: lastSeen + 1, lastActivityAt: 2 });
  });

  it('scenario 5: ending the selected session clears the selection and drops its subscriptions', () => {
    const plane = makePlane();
    plane.update(id('first'), 'running', 1);
    plane.update(id('second'), 'waiting_for_reply', 2);
    plane.subscribe(7, id('first'), ['stop'], null, false, 3);
    expect(plane.availableActions()).toEqual(new Set(['stop']));

    expect(plane.end(id('first'))).toBe(true);
    expect(plane.selection()).toBeNull();
    expect(plane.selectedSessionState()).toBeNull();
    expect(plane.surfaceView(0, false).selectedState).toBeNull();
    expect(plane.session(id('second'))).not.toBeNull();
    expect(plane.subscription(7)).toBeNull();
    // The connection stays open but holds nothing, so closing it changes nothing.
    const revision = plane.revision;
    expect(plane.disconnect(7)).toBe(false);
    expect(plane.revision).toBe(revision);
  });

  it('scenario 6: a session created while others exist is not selected', () => {
    const plane = makePlane();
    plane.update(id('first'), 'running', 1);
    plane.subscribe(7, id('first'), ['stop'], null, false, 1);
    plane.update(id('second'), 'waiting_for_reply', 2);
    plane.end(id('first'));
    plane.update(id('third'), 'running', 3);
    expect(plane.selection()).toBeNull();
    expect(plane.session(id('third'))?.selected).toBe(false);
  });

  it('scenario 7: the first session after the registry empties is selected in slot 0', () => {
    const plane = makePlane();
    plane.update(id('a'), 'running', 1);
    plane.update(id('b'), 'running', 2);
    plane.update(id('c'), 'running', 3);
    for (const name of ['b', 'a', 'c']) plane.end(id(name));
    expect(plane.sessions()).toEqual([]);
    plane.update(id('fresh'), 'running', 4);
    expect(plane.selection()).toEqual(id('fresh'));
    expect(slotOf(plane, 'fresh')).toBe(0);
  });

  it('scenario 8: a subscription alone creates, places and selects a session', () => {
    const plane = makePlane();
    plane.subscribe(3, id('X'), ['stop'], null, false, 1);
    expect(plane.session(id('X'))).toMatchObject({
      state: 'waiting_for_reply',
      slot: 0,
      accent: 'cyan',
      selected: true,
    });
    // Nothing is sent to the subscriber: stop is not permitted in waiting_for_reply, so no press can reach it.
    expect(plane.availableActions().size).toBe(0);
    expect(plane.dispatch('stop', 2)).toBeNull();
  });
});
