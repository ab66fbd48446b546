import { describe, expect, it } from 'vitest';
import type { Question } from '../../src/domain/index.js';
import { chosenOptionToken, compileVisualFrame, optionAtCell, optionToken, SEND_CELL, SEND_TOKEN } from '../../src/visual-protocol/index.js';
import { id, makePlane } from './helpers.js';

/*
 * Pad-Lattice's extensions in the pure control plane: a multi-select
 * question (option pads toggle, a Send pad answers), a question that never
 * reads as an approval whatever reports `waiting_for_approval`, and notices
 * (a refusal for a few seconds, "answer in the terminal" until the state
 * changes), all on an injected clock.
 */

const extras: Question = {
  question: 'Which extras?',
  header: 'Extras',
  options: [
    { label: 'Tests', description: '' },
    { label: 'Docs', description: '' },
    { label: 'CI', description: '' },
  ],
  multiSelect: true,
};
const license: Question = { ...extras, question: 'Which license?', multiSelect: false };

const litCells = (plane: ReturnType<typeof makePlane>) =>
  compileVisualFrame(plane.surfaceView(0, false), 4)
    .state.flatMap((row, y) => row.map((token, x) => ({ token, x, y })))
    .filter((cell) => cell.token !== 'off');

describe('control plane: multi-select questions (Pad-Lattice extension)', () => {
  it('an option press toggles it and sends nothing; Send answers once with every chosen option, ascending', () => {
    const plane = makePlane();
    const ref = plane.ask(10, id('a'), 'r1', [extras], 0);
    const send = extras.options.length;
    expect(plane.answer(ref, 0, send, 1)).toEqual({ ok: false, reason: 'none_chosen' });
    expect(plane.answer(ref, 0, 2, 2)).toEqual({ ok: true, toggled: { question: 0, option: 2, selected: true } });
    expect(plane.answer(ref, 0, 0, 3)).toEqual({ ok: true, toggled: { question: 0, option: 0, selected: true } });
    expect(plane.answer(ref, 0, 1, 4)).toEqual({ ok: true, toggled: { question: 0, option: 1, selected: true } });
    expect(plane.answer(ref, 0, 1, 5)).toEqual({ ok: true, toggled: { question: 0, option: 1, selected: false } });
    expect(plane.surfaceView(0, false).prompt).toMatchObject({ kind: 'question', selected: [0, 2] });
    expect(plane.answer(ref, 0, send + 1, 6)).toEqual({ ok: false, reason: 'no_option' });
    expect(plane.answer(ref, 0, send, 7)).toEqual({
      ok: true,
      answered: { connection: 10, identity: id('a'), requestId: 'r1', question: 0, option: 0, options: [0, 2] },
    });
    expect(plane.answer(ref, 0, 1, 8)).toEqual({ ok: false, reason: 'answered' });
    expect(plane.surfaceView(0, false).prompt).toBeUndefined();
  });

  it('the pad lights chosen options in their own token and Send only once one is chosen; the Send cell maps back to Send', () => {
    const plane = makePlane();
    const ref = plane.ask(10, id('a'), 'r1', [extras], 0);
    expect(litCells(plane).map((cell) => cell.token)).toEqual([optionToken(1), optionToken(2), optionToken(3)]);
    plane.answer(ref, 0, 1, 1);
    const lit = litCells(plane);
    expect(lit.map((cell) => cell.token)).toEqual([optionToken(1), chosenOptionToken(2), optionToken(3), SEND_TOKEN]);
    expect(lit.at(-1)).toMatchObject({ x: SEND_CELL[0], y: SEND_CELL[1] });
    expect(optionAtCell(extras, SEND_CELL[0], SEND_CELL[1])).toBe(extras.options.length);
    // A single-choice question has no Send pad: that cell is nothing there.
    expect(optionAtCell(license, SEND_CELL[0], SEND_CELL[1])).toBeNull();
    expect(plane.answer(plane.ask(11, id('b'), 'r2', [license], 2), 0, license.options.length, 3)).toEqual({ ok: false, reason: 'no_option' });
  });

  it('single-choice answers name no option list; a later question of the request starts with nothing chosen', () => {
    const plane = makePlane();
    const ref = plane.ask(10, id('a'), 'r1', [license, extras], 0);
    expect(plane.answer(ref, 0, 2, 1)).toMatchObject({ ok: true, answered: { option: 2, options: null } });
    expect(plane.surfaceView(0, false).prompt).toMatchObject({ questionIndex: 1, selected: [] });
  });
});

describe('control plane: a question never looks like an approval', () => {
  it('waiting_for_approval while a question is open and no approval is pending stays waiting_for_reply, and the prompt stays the question', () => {
    const plane = makePlane();
    plane.update(id('a'), 'waiting_for_reply', 0);
    const ref = plane.ask(10, id('a'), 'q1', [license], 1);
    // Claude Code's "needs your permission" 6 s into the question, reported by an adapter that could not tell.
    expect(plane.update(id('a'), 'waiting_for_approval', 7).state).toBe('waiting_for_reply');
    expect(plane.surfaceView(0, false).prompt).toMatchObject({ kind: 'question', ref });
    expect(plane.availableActions().has('approve')).toBe(false);
    // Once the question is answered, a later report means what it says.
    plane.answer(ref, 0, 0, 8);
    expect(plane.update(id('a'), 'waiting_for_approval', 9).state).toBe('waiting_for_approval');
  });

  it('a real approval reported while a question is open shows once its waiter subscribes', () => {
    const plane = makePlane();
    plane.ask(10, id('a'), 'q1', [license], 0);
    expect(plane.update(id('a'), 'waiting_for_approval', 1).state).toBe('waiting_for_reply');
    plane.subscribe(11, id('a'), ['approve', 'reject'], 'r1', true, 2);
    expect(plane.session(id('a'))?.state).toBe('waiting_for_approval');
    expect(plane.availableActions().has('approve')).toBe(true);
    // An unscoped subscription is no pending approval and restores nothing.
    const other = makePlane();
    other.ask(10, id('b'), 'q1', [license], 0);
    other.update(id('b'), 'waiting_for_approval', 1);
    other.subscribe(11, id('b'), ['stop'], null, false, 2);
    expect(other.session(id('b'))?.state).toBe('waiting_for_reply');
  });
});

describe('control plane: notices', () => {
  it('a refusal shows for 5 s as the error glyph, whatever the agent reports meanwhile; then the state glyph is back', () => {
    const plane = makePlane();
    plane.update(id('a'), 'running', 0);
    plane.notify(id('a'), 'denied', 'Bash', 'curl … | sh · not allowed', 10);
    expect(plane.surfaceView(0, false).prompt).toEqual({ kind: 'notice', notice: 'denied', tool: 'Bash', description: 'curl … | sh · not allowed' });
    expect(compileVisualFrame(plane.surfaceView(0, false), 4).state).toEqual(
      compileVisualFrame({ ...plane.surfaceView(0, false), prompt: undefined, selectedState: 'error' }, 4).state,
    );
    plane.update(id('a'), 'waiting_for_reply', 12);
    expect(plane.surfaceView(0, false).prompt).toMatchObject({ notice: 'denied' });
    expect(plane.tick(14.9)).toBe(false);
    expect(plane.tick(15)).toBe(true);
    expect(plane.surfaceView(0, false).prompt).toBeUndefined();
  });

  it('"answer in the terminal" lasts until the state changes, or the session ends', () => {
    const plane = makePlane();
    plane.update(id('a'), 'waiting_for_reply', 0);
    plane.notify(id('a'), 'answer_in_terminal', 'MCP server “deploy”', 'Which branch?', 1);
    plane.update(id('a'), 'waiting_for_reply', 2);
    expect(plane.tick(300)).toBe(false);
    expect(plane.surfaceView(0, false).prompt).toMatchObject({ notice: 'answer_in_terminal', tool: 'MCP server “deploy”' });
    // The `?` of the state stays: the notice changes the words beside the pad, not the glyph.
    expect(compileVisualFrame(plane.surfaceView(0, false), 4).state[1]).toEqual(
      compileVisualFrame({ ...plane.surfaceView(0, false), prompt: undefined }, 4).state[1],
    );
    plane.update(id('a'), 'running', 301);
    expect(plane.surfaceView(0, false).prompt).toBeUndefined();
    plane.notify(id('a'), 'answer_in_terminal', 'x', 'y', 302);
    plane.end(id('a'));
    plane.update(id('a'), 'running', 303);
    expect(plane.surfaceView(0, false).prompt).toBeUndefined();
  });

  it('a question or a described approval goes before a notice', () => {
    const plane = makePlane();
    plane.notify(id('a'), 'denied', 'Bash', 'rm -rf /', 0);
    plane.ask(10, id('a'), 'q1', [license], 1);
    expect(plane.surfaceView(0, false).prompt).toMatchObject({ kind: 'question' });
  });
});
