import { describe, expect, it } from 'vitest';
import type { ApprovalPrompt } from '../../src/domain/index.js';
import { compileVisualFrame, HOLD_FILL_TOKEN, tierToken } from '../../src/visual-protocol/index.js';
import { id, makePlane } from './helpers.js';

/*
 * Hold to approve in the pure control plane, on an exact clock: Approve for a
 * destructive command counts only when let go after 1.5 s held (configurable,
 * 0 turns it off); the view carries the fill, full once held long enough.
 */

const destructive: ApprovalPrompt = { kind: 'approval', tier: 'destructive', tool: 'Bash', description: 'rm -rf build' };
const edit: ApprovalPrompt = { kind: 'approval', tier: 'edit', tool: 'Bash', description: 'touch notes.md' };

function waiting(details: ApprovalPrompt, approveHold?: number) {
  const plane = makePlane(approveHold === undefined ? {} : { approveHold });
  plane.update(id('a'), 'waiting_for_approval', 0);
  plane.subscribe(10, id('a'), ['approve', 'reject'], 'r1', true, 0);
  plane.describeApproval(10, id('a'), 'r1', details);
  return plane;
}

const filledRows = (plane: ReturnType<typeof makePlane>) =>
  compileVisualFrame(plane.surfaceView(0, false), 4).state.filter((row) => row.slice(1, -1).every((token) => token === HOLD_FILL_TOKEN)).length;

describe('control plane: hold to approve (Pad-Lattice extension)', () => {
  it('a destructive Approve only starts a hold; let go before 1.5 s it sends nothing, and says how long it was held', () => {
    const plane = waiting(destructive);
    expect(plane.approveHold).toBe(1.5);
    expect(plane.pressAction('approve', 10)).toEqual({ ok: 'holding' });
    expect(plane.settleHold(11)).toBeNull();
    expect(plane.releaseAction('approve', 11.2)).toEqual({ kind: 'short', heldFor: expect.closeTo(1.2, 9), required: 1.5 });
    expect(plane.settleHold(20)).toBeNull();
    // The request still waits: a later hold can approve it.
    expect(plane.availableActions().has('approve')).toBe(true);
  });

  it('let go after 1.5 s held it approves once; a second release does nothing more', () => {
    const plane = waiting(destructive);
    plane.pressAction('approve', 10);
    expect(plane.settleHold(11.5)).toBeNull();
    expect(plane.settleHold(14)).toBeNull();
    expect(plane.releaseAction('approve', 14)).toMatchObject({
      kind: 'complete',
      press: { ok: true, dispatched: { action: 'approve', requestId: 'r1', connection: 10 } },
    });
    expect(plane.releaseAction('approve', 14.1)).toEqual({ kind: 'none' });
    expect(plane.settleHold(15)).toBeNull();
  });

  it('a press whose release never comes (a click, a device gone) approves nothing: after 10 s it ends as "hold to approve"', () => {
    const plane = waiting(destructive);
    plane.pressAction('approve', 10);
    expect(plane.settleHold(19.9)).toBeNull();
    expect(plane.settleHold(20)).toEqual({ ok: false, reason: 'hold_required' });
    expect(plane.surfaceView(0, false).hold).toBeUndefined();
    expect(plane.releaseAction('approve', 21)).toEqual({ kind: 'none' });
    expect(plane.availableActions().has('approve')).toBe(true);
  });

  it('the fill rises a row per seventh of the time inside the tier frame, full once long enough, bumping the revision only when it steps', () => {
    const plane = waiting(destructive);
    plane.pressAction('approve', 10);
    expect(plane.surfaceView(0, false).hold).toEqual({ filled: 1 });
    expect(filledRows(plane)).toBe(1);
    const frame = compileVisualFrame(plane.surfaceView(0, false), 4).state;
    expect(frame.map((row) => row[0])).toEqual(new Array(8).fill(tierToken('destructive')));
    expect(frame[7]!.slice(1, -1)).toEqual(new Array(5).fill(HOLD_FILL_TOKEN));
    const revision = plane.revision;
    expect(plane.tick(10.2)).toBe(false);
    expect(plane.revision).toBe(revision);
    expect(plane.tick(10.22)).toBe(true);
    expect(plane.surfaceView(0, false).hold).toEqual({ filled: 2 });
    plane.tick(11.49);
    expect(filledRows(plane)).toBe(7);
    plane.tick(11.5);
    expect(filledRows(plane)).toBe(8);
    plane.tick(13);
    expect(filledRows(plane)).toBe(8);
    plane.releaseAction('approve', 13.1);
    expect(plane.surfaceView(0, false).hold).toBeUndefined();
  });

  it('other tiers, other actions, an undescribed request and approveHold 0 dispatch on the press, as before', () => {
    expect(waiting(edit).pressAction('approve', 10)).toMatchObject({ ok: true });
    expect(waiting(destructive).pressAction('reject', 10)).toMatchObject({ ok: true, dispatched: { action: 'reject' } });
    expect(waiting(destructive, 0).pressAction('approve', 10)).toMatchObject({ ok: true, dispatched: { action: 'approve' } });
    const undescribed = makePlane();
    undescribed.update(id('a'), 'waiting_for_approval', 0);
    undescribed.subscribe(10, id('a'), ['approve', 'reject'], 'r1', true, 0);
    expect(undescribed.pressAction('approve', 1)).toMatchObject({ ok: true });
    expect(makePlane().pressAction('approve', 1)).toEqual({ ok: false, reason: 'no_selection' });
    expect(() => makePlane({ approveHold: -1 })).toThrow(/approveHold/);
  });

  it('a hold whose request went away ends refused at the next loop: answered in the terminal, or another agent selected', () => {
    const plane = waiting(destructive);
    plane.pressAction('approve', 10);
    plane.disconnect(10);
    expect(plane.settleHold(10.5)).toEqual({ ok: false, reason: 'nothing_waiting' });
    expect(plane.surfaceView(0, false).hold).toBeUndefined();

    const other = waiting(destructive);
    other.update(id('b'), 'running', 0);
    other.pressAction('approve', 10);
    other.selectSlot(1, 10.2);
    expect(other.surfaceView(0, false).hold).toBeUndefined();
    expect(other.settleHold(12)).toEqual({ ok: false, reason: 'nothing_waiting' });
    // Back on a: nothing was approved, the request still waits.
    other.selectSlot(0, 12.1);
    expect(other.availableActions().has('approve')).toBe(true);
  });

  it('a new request by the time the hold completes is not approved by it', () => {
    const plane = waiting(destructive);
    plane.pressAction('approve', 10);
    plane.disconnect(10);
    plane.subscribe(11, id('a'), ['approve', 'reject'], 'r2', true, 10.5);
    plane.describeApproval(11, id('a'), 'r2', destructive);
    expect(plane.settleHold(11.6)).toEqual({ ok: false, reason: 'nothing_waiting' });
  });
});
