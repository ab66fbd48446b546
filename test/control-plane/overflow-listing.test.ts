import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_STATES, LISTED_OVERFLOW } from '../../src/domain/index.js';
import { firstInRefillOrder, refillOrder } from '../../src/daemon/control-plane/slots.js';
import type { SessionRecord } from '../../src/daemon/control-plane/session-record.js';
import { id, makePlane } from './helpers.js';

/** Refill order reads only a record's state and recency. */
const record = (state: (typeof AGENT_STATES)[number], lastSeen: number): SessionRecord => ({ state, lastSeen }) as SessionRecord;

describe('the overflow a view lists', () => {
  it('firstInRefillOrder is the head of the full refill order, for any records and any limit', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(10_000), { maxLength: 40 }),
        fc.array(fc.constantFrom(...AGENT_STATES), { minLength: 40, maxLength: 40 }),
        fc.nat(12),
        (recencies, states, limit) => {
          const records = recencies.map((lastSeen, i) => record(states[i]!, lastSeen));
          expect(firstInRefillOrder(records, limit)).toEqual(refillOrder(records).slice(0, limit));
        },
      ),
    );
  });

  it('with many agents in overflow, the view lists the eight to get a Scene first and counts them all', () => {
    const plane = makePlane();
    for (let i = 0; i < 30; i += 1) plane.update(id(`agent-${String(i).padStart(2, '0')}`), 'running', i + 1);
    const view = plane.surfaceView(0, false);
    // Status lists overflow least recently active first; refill takes the most recently active first.
    const overflow = plane.sessions().filter((session) => session.slot === null);
    expect(overflow.length).toBe(26);
    expect(view.overflowCount).toBe(26);
    expect(view.overflow!.map((agent) => agent.label)).toEqual(
      overflow
        .map((session) => session.label)
        .reverse()
        .slice(0, LISTED_OVERFLOW),
    );
  });
});
