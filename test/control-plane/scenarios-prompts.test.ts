import { describe, expect, it } from 'vitest';
import type { ApprovalPrompt, Question } from '../../src/domain/index.js';
import { compileVisualFrame, optionAtCell, optionToken, tierToken } from '../../src/visual-protocol/index.js';
import { id, makePlane } from './helpers.js';

/*
 * Pad-Lattice's question and approval-detail extension (README, "Questions
 * and approval details") in the pure control plane: who is asked, what the
 * pad shows, and that a press answers one question of one request, once.
 */

const colour: Question = {
  question: 'Which colour?',
  header: 'Colour',
  options: [
    { label: 'Red', description: 'warm' },
    { label: 'Green', description: '' },
    { label: 'Blue', description: '' },
  ],
  multiSelect: false,
};
const size: Question = {
  question: 'Which size?',
  header: '',
  options: [
    { label: 'S', description: '' },
    { label: 'L', description: '' },
  ],
  multiSelect: false,
};
const destructive: ApprovalPrompt = { kind: 'approval', tier: 'destructive', tool: 'Bash', description: 'rm -rf build' };

describe('control plane: questions and approval details (Pad-Lattice extension)', () => {
  it('scenario 1: a question shows its options on the selected agent, and a press answers that request once', () => {
    const plane = makePlane();
    plane.update(id('a'), 'waiting_for_reply', 0);
    const ref = plane.ask(10, id('a'), 'r1', [colour], 1);
    const view = plane.surfaceView(0, false);
    expect(view.prompt).toMatchObject({ kind: 'question', ref, questionIndex: 0, questionCount: 1, question: colour });
    const frame = compileVisualFrame(view, 4);
    const lit = frame.state.flatMap((row, y) => row.map((token, x) => ({ token, x, y }))).filter((cell) => cell.token !== 'off');
    expect(lit.map((cell) => cell.token)).toEqual([optionToken(1), optionToken(2), optionToken(3)]);
    expect(optionAtCell(colour, lit[1]!.x, lit[1]!.y)).toBe(1);

    const answer = plane.answer(ref, 0, 1, 2);
    expect(answer).toEqual({ ok: true, answered: { connection: 10, identity: id('a'), requestId: 'r1', question: 0, option: 1, options: null } });
    expect(plane.answer(ref, 0, 2, 3)).toEqual({ ok: false, reason: 'answered' });
    // Answered: the request leaves the pad, the glyph of the state is back.
    expect(plane.surfaceView(1, false).prompt).toBeUndefined();
  });

  it('scenario 2: several questions show one at a time, each answered once, in order', () => {
    const plane = makePlane();
    const ref = plane.ask(10, id('a'), 'r1', [colour, size], 0);
    expect(plane.surfaceView(0, false).prompt).toMatchObject({ questionIndex: 0, questionCount: 2 });
    expect(plane.answer(ref, 0, 0, 1).ok).toBe(true);
    expect(plane.surfaceView(1, false).prompt).toMatchObject({ questionIndex: 1, question: size });
    expect(plane.answer(ref, 1, 5, 2)).toEqual({ ok: false, reason: 'no_option' });
    expect(plane.answer(ref, 1, 1, 3)).toMatchObject({ ok: true, answered: { question: 1, option: 1 } });
    expect(plane.surfaceView(2, false).prompt).toBeUndefined();
  });

  it('scenario 3: a press for a request that is gone answers nothing (closed, replaced, session ended)', () => {
    const plane = makePlane();
    const first = plane.ask(10, id('a'), 'r1', [colour], 0);
    const second = plane.ask(10, id('a'), 'r2', [colour], 1);
    expect(second).not.toBe(first);
    expect(plane.answer(first, 0, 0, 2)).toEqual({ ok: false, reason: 'gone' });
    plane.disconnect(10);
    expect(plane.answer(second, 0, 0, 3)).toEqual({ ok: false, reason: 'gone' });
    const third = plane.ask(11, id('b'), 'r3', [colour], 4);
    plane.end(id('b'));
    expect(plane.answer(third, 0, 0, 5)).toEqual({ ok: false, reason: 'gone' });
    expect(plane.surfaceView(0, false).prompt).toBeUndefined();
  });

  it("scenario 4: only the selected agent's question shows; a press still answers the request the surface showed", () => {
    const plane = makePlane();
    plane.update(id('a'), 'running', 0);
    const ref = plane.ask(10, id('b'), 'rb', [colour], 1);
    // a was first and is selected; b's question waits on b's Scene.
    expect(plane.selection()).toEqual(id('a'));
    expect(plane.surfaceView(0, false).prompt).toBeUndefined();
    plane.selectSlot(1, 2);
    expect(plane.surfaceView(0, false).prompt).toMatchObject({ ref });
    plane.selectSlot(0, 3);
    expect(plane.answer(ref, 0, 2, 4)).toMatchObject({ ok: true, answered: { requestId: 'rb', option: 2 } });
  });

  it("scenario 5: an agent's oldest open request shows first; a preview hides prompts", () => {
    const plane = makePlane();
    const older = plane.ask(10, id('a'), 'r1', [colour], 0);
    plane.ask(11, id('a'), 'r2', [size], 1);
    expect(plane.surfaceView(0, false).prompt).toMatchObject({ ref: older });
    plane.setPreview(12, 'p', 'success', 10);
    expect(plane.surfaceView(0, false).prompt).toBeUndefined();
  });

  it('scenario 6: an approval shows its description and tier while its subscription waits; the frame takes the tier colour', () => {
    const plane = makePlane();
    plane.update(id('a'), 'waiting_for_approval', 0);
    plane.subscribe(10, id('a'), ['approve', 'reject'], 'r1', true, 1);
    expect(plane.surfaceView(0, false).prompt).toBeUndefined();
    expect(plane.describeApproval(10, id('a'), 'r1', destructive)).toBe(true);
    const view = plane.surfaceView(0, false);
    expect(view.prompt).toEqual(destructive);
    const frame = compileVisualFrame(view, 4);
    expect(frame.state.map((row) => row[0])).toEqual(new Array(8).fill(tierToken('destructive')));
    expect(frame.state[0]![3]).toBe('state:waiting_for_approval:primary');
    // The press consumes the one-shot subscription, and its description with it.
    expect(plane.dispatch('approve', 2)?.requestId).toBe('r1');
    expect(plane.surfaceView(1, false).prompt).toBeUndefined();
  });

  it("scenario 7: details must name the connection's own request; otherwise nothing changes", () => {
    const plane = makePlane();
    plane.update(id('a'), 'waiting_for_approval', 0);
    plane.subscribe(10, id('a'), ['approve', 'reject'], 'r1', true, 1);
    const revision = plane.revision;
    expect(plane.describeApproval(11, id('a'), 'r1', destructive)).toBe(false);
    expect(plane.describeApproval(10, id('a'), 'other', destructive)).toBe(false);
    expect(plane.describeApproval(10, id('b'), 'r1', destructive)).toBe(false);
    expect(plane.revision).toBe(revision);
  });

  it('scenario 8: the description shown is the one a press would approve (request-scoped, oldest first)', () => {
    const plane = makePlane();
    plane.update(id('a'), 'waiting_for_approval', 0);
    plane.subscribe(10, id('a'), ['approve', 'reject'], 'r1', true, 1);
    plane.subscribe(11, id('a'), ['approve', 'reject'], 'r2', true, 2);
    plane.describeApproval(11, id('a'), 'r2', destructive);
    // r1 is approved first and has no description: nothing is claimed about it.
    expect(plane.surfaceView(0, false).prompt).toBeUndefined();
    plane.dispatch('approve', 3);
    expect(plane.surfaceView(1, false).prompt).toEqual(destructive);
  });
});
