import { describe, expect, it } from 'vitest';
import { accentOf, id, makePlane, slotOf, statusOrder } from './helpers.js';
import { MemoryAccentStore } from '../../src/daemon/identity-store/memory-accent-store.js';
import type { ControlPlane } from '../../src/daemon/control-plane/index.js';

/** A(selected), B, C, D running: every slot taken, only A protected. */
function fullPlane(): ControlPlane {
  const plane = makePlane();
  ['A', 'B', 'C', 'D'].forEach((name, index) => plane.update(id(name), 'running', index + 1));
  return plane;
}

/** Scenario 12's setup: A selected and running, B–D approval-waiting, E–G in overflow. */
function protectedPlane(): ControlPlane {
  const plane = makePlane();
  plane.update(id('A'), 'running', 1);
  for (const name of ['B', 'C', 'D']) plane.update(id(name), 'waiting_for_approval', 1);
  plane.update(id('E'), 'running', 2);
  plane.update(id('F'), 'waiting_for_approval', 3);
  plane.update(id('G'), 'running', 4);
  return plane;
}

describe('control-plane.md §21', () => {
  it('scenario 9: a newcomer evicts the least recently active unprotected session', () => {
    const plane = makePlane();
    for (const n of [0, 1, 2, 3]) plane.update(id(String(n)), 'running', n + 1);
    plane.update(id('1'), 'waiting_for_approval', 5);
    plane.update(id('4'), 'running', 6);
    expect(slotOf(plane, '0')).toBe(0);
    expect(slotOf(plane, '1')).toBe(1);
    expect(slotOf(plane, '2')).toBeNull();
    expect(slotOf(plane, '3')).toBe(3);
    expect(plane.session(id('4'))).toMatchObject({ slot: 2, accent: 'lime' });
  });

  it('scenario 10: with every visible session protected the newcomer stays in overflow without an accent', () => {
    const plane = makePlane();
    for (const n of [0, 1, 2, 3]) plane.update(id(String(n)), 'waiting_for_approval', n + 1);
    plane.update(id('4'), 'running', 5);
    expect(plane.session(id('4'))).toMatchObject({ slot: null, accent: null });
    expect(plane.overflowCount()).toBe(1);
    expect(plane.surfaceView(0, false).overflowCount).toBe(1);
    expect(plane.selection()).toEqual(id('0'));
  });

  it('scenario 11: an evicted session returns with a free accent, not its old one', () => {
    const plane = fullPlane();
    plane.update(id('E'), 'running', 5);
    expect(slotOf(plane, 'B')).toBeNull();
    expect(plane.session(id('E'))).toMatchObject({ slot: 1, accent: 'magenta' });
    plane.update(id('B'), 'running', 6);
    expect(slotOf(plane, 'C')).toBeNull();
    expect(plane.session(id('B'))).toMatchObject({ slot: 2, accent: 'lime' });
  });

  it('scenario 12: refill promotes approval first, then the most recent', () => {
    const plane = protectedPlane();
    expect(['E', 'F', 'G'].map((name) => slotOf(plane, name))).toEqual([null, null, null]);
    expect(plane.overflowCount()).toBe(3);
    plane.end(id('B'));
    expect(plane.session(id('F'))).toMatchObject({ slot: 1, accent: 'magenta' });
    plane.end(id('C'));
    expect(plane.session(id('G'))).toMatchObject({ slot: 2, accent: 'lime' });
    plane.end(id('D'));
    expect(plane.session(id('E'))).toMatchObject({ slot: 3, accent: 'orange' });
    expect(plane.overflowCount()).toBe(0);
  });

  it('scenario 13: status lists visible sessions by slot, then overflow by ascending recency', () => {
    const plane = protectedPlane();
    expect(statusOrder(plane)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(plane.sessions().map((session) => session.slot)).toEqual([0, 1, 2, 3, null, null, null]);
  });

  it('scenario 14: two overflow sessions reporting alternately evict each other (ping-pong)', () => {
    const plane = makePlane();
    for (const name of ['A', 'B', 'C', 'D']) plane.update(id(name), 'running', 1);
    plane.update(id('B'), 'waiting_for_approval', 1);
    plane.update(id('C'), 'waiting_for_approval', 1);
    plane.update(id('P'), 'running', 2);
    expect(slotOf(plane, 'D')).toBeNull();
    expect(plane.session(id('P'))).toMatchObject({ slot: 3, accent: 'orange' });
    plane.update(id('Q'), 'running', 3);
    expect(slotOf(plane, 'P')).toBeNull();
    expect(plane.session(id('Q'))).toMatchObject({ slot: 3, accent: 'orange' });
    plane.update(id('P'), 'running', 4);
    expect(slotOf(plane, 'Q')).toBeNull();
    expect(plane.session(id('P'))).toMatchObject({ slot: 3, accent: 'orange' });
    plane.update(id('Q'), 'running', 5);
    expect(slotOf(plane, 'P')).toBeNull();
    expect(slotOf(plane, 'Q')).toBe(3);
    expect(['D', 'P', 'Q'].map((name) => accentOf(plane, name))).toEqual(['orange', 'orange', 'orange']);
  });

  it('scenario 15: subscribing to an overflow identity does not promote it', () => {
    const plane = fullPlane();
    plane.update(id('B'), 'waiting_for_approval', 5);
    plane.update(id('C'), 'waiting_for_approval', 5);
    plane.update(id('O'), 'running', 6); // evicts D, the only unprotected one
    plane.update(id('D'), 'running', 7); // evicts O back into overflow
    expect(slotOf(plane, 'O')).toBeNull();
    plane.subscribe(1, id('O'), ['stop'], null, false, 8);
    // D is evictable, so a promotion would have displaced it.
    expect(slotOf(plane, 'O')).toBeNull();
    expect(slotOf(plane, 'D')).toBe(3);
    expect(plane.overflowCount()).toBe(1);
  });

  it('scenario 16: four visible sessions have four distinct accents', () => {
    const plane = fullPlane();
    const accents = plane.sessions().map((session) => session.accent);
    expect(accents).toEqual(['cyan', 'magenta', 'lime', 'orange']);
  });

  it('scenario 17: a remembered accent is reused by a returning identity', () => {
    const store = new MemoryAccentStore({ preferences: [[id('returning'), 'magenta']] });
    const plane = makePlane({ accentStore: store });
    plane.update(id('returning'), 'running', 1);
    expect(plane.session(id('returning'))).toMatchObject({ slot: 0, accent: 'magenta' });
    plane.update(id('newcomer'), 'running', 2);
    expect(plane.session(id('newcomer'))).toMatchObject({ slot: 1, accent: 'cyan' });
    expect(store.preferredAccent(id('newcomer'))).toBe('cyan');
    expect(store.size).toBe(2);
  });

  it('scenario 18: a remembered accent outside this surface is replaced and rewritten', () => {
    const store = new MemoryAccentStore({ preferences: [[id('V'), 'violet']] });
    const plane = makePlane({ accentStore: store });
    plane.update(id('V'), 'running', 1);
    expect(accentOf(plane, 'V')).toBe('cyan');
    expect(store.preferredAccent(id('V'))).toBe('cyan');
  });

  it('scenario 19: a remembered accent already visible elsewhere is replaced by the first free one', () => {
    const store = new MemoryAccentStore({ preferences: [[id('Y'), 'magenta']] });
    const plane = makePlane({ accentStore: store });
    plane.update(id('A'), 'running', 1);
    plane.update(id('B'), 'running', 2);
    expect(accentOf(plane, 'B')).toBe('magenta');
    plane.update(id('Y'), 'running', 3);
    expect(accentOf(plane, 'Y')).toBe('lime');
    expect(store.preferredAccent(id('Y'))).toBe('lime');
  });
});
