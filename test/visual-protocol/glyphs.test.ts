import { describe, expect, it } from 'vitest';
import { AGENT_STATES } from '../../src/domain/index.js';
import { GLYPHS, IDLE_DASH, RUNNING_MOTION_COLUMNS, runningMotionIndex } from '../../src/visual-protocol/index.js';

const asSet = (cells: readonly (readonly number[])[]): Set<string> => new Set(cells.map(([x, y]) => `${x},${y}`));

describe('visual-protocol-1.md §3.1 generative cross-checks', () => {
  it('running is columns {1, 3, 5} × rows {3, 4}', () => {
    const cells = [1, 3, 5].flatMap((x) => [3, 4].map((y) => [x, y]));
    expect(asSet(GLYPHS.running)).toEqual(asSet(cells));
    // The fixture lists running column-major, which is exactly this generation order.
    expect(GLYPHS.running.map((c) => [...c])).toEqual(cells);
  });

  it('waiting_for_approval is column 3, rows 0–4, plus the dot (3, 7)', () => {
    const cells = [0, 1, 2, 3, 4, 7].map((y) => [3, y]);
    expect(GLYPHS.waiting_for_approval.map((c) => [...c])).toEqual(cells);
  });

  it('error is the X from the two diagonal rules, 14 distinct cells ordered by x then y', () => {
    const cells: number[][] = [];
    for (let y = 0; y <= 3; y += 1) cells.push([y, y], [6 - y, y]);
    for (let y = 4; y <= 7; y += 1) cells.push([7 - y, y], [y - 1, y]);
    const distinct = [...asSet(cells)].map((key) => key.split(',').map(Number));
    distinct.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
    expect(distinct).toHaveLength(14);
    expect(GLYPHS.error.map((c) => [...c])).toEqual(distinct);
    // The even canvas height gives the X a two-cell waist.
    expect(asSet(GLYPHS.error).has('3,3') && asSet(GLYPHS.error).has('3,4')).toBe(true);
  });

  it('cancelled is the perimeter of columns 1–5 × rows 1–6, ordered by x then y', () => {
    const cells: number[][] = [];
    for (let x = 1; x <= 5; x += 1) {
      for (let y = 1; y <= 6; y += 1) if (x === 1 || x === 5 || y === 1 || y === 6) cells.push([x, y]);
    }
    expect(cells).toHaveLength(18);
    expect(GLYPHS.cancelled.map((c) => [...c])).toEqual(cells);
  });

  it('every glyph stays inside the 7×8 canvas, so the status column (x = 7) is never touched', () => {
    for (const state of AGENT_STATES) {
      for (const [x, y] of GLYPHS[state]) {
        expect(x, state).toBeLessThan(7);
        expect(y, state).toBeLessThan(8);
      }
    }
  });

  it('the glyph tables and the idle dash are frozen', () => {
    expect(Object.isFrozen(GLYPHS)).toBe(true);
    for (const state of AGENT_STATES) {
      expect(Object.isFrozen(GLYPHS[state])).toBe(true);
      expect(GLYPHS[state].every((cell) => Object.isFrozen(cell))).toBe(true);
    }
    expect(Object.isFrozen(IDLE_DASH)).toBe(true);
    expect(IDLE_DASH.map((c) => [...c])).toEqual([
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  });

  it('the motion index is a non-negative modulo, also for negative frames', () => {
    expect([0, 1, 2, 3, 4, 5].map(runningMotionIndex)).toEqual([0, 1, 2, 0, 1, 2]);
    expect([-1, -2, -3, -4].map(runningMotionIndex)).toEqual([2, 1, 0, 2]);
    expect(RUNNING_MOTION_COLUMNS).toEqual([1, 3, 5]);
  });
});
