import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AGENT_STATES,
  CONTROL_ACTIONS,
  IDENTITY_ACCENTS,
  makeSurfaceView,
  type AgentState,
  type ControlAction,
  type SurfaceView,
} from '../../src/domain/index.js';
import { compileVisualFrame, visualFrameToJson } from '../../src/visual-protocol/index.js';
import { readPublished } from '../helpers/published-files.js';

/** The glyphs as published in schemas/visual-protocol.json, not as the compiler imports them. */
const fixtureGlyphs = (readPublished('visual-protocol.json') as unknown as { glyphs: Record<AgentState, [number, number][]> }).glyphs;

/** §7.3 written out literally, painting from the fixture's coordinates: the model the compiler must match. */
function referenceCompile(view: SurfaceView, capacity: number) {
  const state = Array.from({ length: 8 }, () => Array<string>(7).fill('off'));
  if (view.selectedState === null) {
    for (const x of [2, 3, 4]) state[4]![x] = 'idle';
  } else {
    for (const [x, y] of fixtureGlyphs[view.selectedState]) state[y]![x] = `state:${view.selectedState}:primary`;
    if (view.selectedState === 'running' && view.activityMotion) {
      const column = [1, 3, 5][((view.frame % 3) + 3) % 3]!;
      state[3]![column] = 'activity';
      state[4]![column] = 'activity';
    }
  }
  const selectors = Array<string>(capacity).fill('off');
  const statuses = Array<string>(capacity).fill('off');
  for (const session of view.sessions) {
    if (session.slot < 0 || session.slot >= capacity) continue;
    selectors[session.slot] = `accent:${session.accent}:${session.selected ? 'selected' : 'unselected'}`;
    statuses[session.slot] = `state:${session.state}:summary`;
  }
  const actions: Record<string, string> = {};
  for (const action of CONTROL_ACTIONS) actions[action] = view.availableActions.has(action) ? `action:${action}:enabled` : 'off';
  return { state, selectors, statuses, actions, overflow: view.overflowCount > 0 ? 'system:overflow' : 'off' };
}

const viewArbitrary = fc
  .record({
    selectedState: fc.option(fc.constantFrom(...AGENT_STATES), { nil: null }),
    frame: fc.nat({ max: 1_000_000 }),
    activityMotion: fc.boolean(),
    overflowCount: fc.nat({ max: 20 }),
    availableActions: fc.subarray([...CONTROL_ACTIONS]),
    sessions: fc.array(
      fc.record({
        slot: fc.integer({ min: -2, max: 9 }),
        state: fc.constantFrom(...AGENT_STATES),
        selected: fc.boolean(),
        accent: fc.oneof(fc.constantFrom(...IDENTITY_ACCENTS), fc.constant('unknown-accent')),
      }),
      { maxLength: 10 },
    ),
  })
  .map((init) => makeSurfaceView(init));

describe('compileVisualFrame', () => {
  it('matches a literal reading of §7.3 for arbitrary views and capacities', () => {
    fc.assert(
      fc.property(viewArbitrary, fc.integer({ min: 1, max: 8 }), (view, capacity) => {
        const compiled = visualFrameToJson(compileVisualFrame(view, capacity));
        expect(compiled).toEqual(referenceCompile(view, capacity));
        expect(Object.keys(compiled.actions)).toEqual([...CONTROL_ACTIONS]);
      }),
      { numRuns: 300 },
    );
  });

  it('reproduces the worked example of §7.5', () => {
    const frame = compileVisualFrame(
      makeSurfaceView({
        selectedState: 'waiting_for_approval',
        sessions: [{ slot: 0, state: 'waiting_for_approval', selected: true, accent: 'cyan' }],
        availableActions: ['approve'],
        overflowCount: 1,
      }),
      8,
    );
    const lit: number[][] = [];
    frame.state.forEach((row, y) => row.forEach((token, x) => token === 'state:waiting_for_approval:primary' && lit.push([x, y])));
    expect(lit).toEqual([
      [3, 0],
      [3, 1],
      [3, 2],
      [3, 3],
      [3, 4],
      [3, 7],
    ]);
    expect(frame.selectors).toEqual(['accent:cyan:selected', ...Array(7).fill('off')]);
    expect(frame.statuses).toEqual(['state:waiting_for_approval:summary', ...Array(7).fill('off')]);
    expect(frame.actions).toEqual({ approve: 'action:approve:enabled', reject: 'off', stop: 'off', retry: 'off' });
    expect(frame.overflow).toBe('system:overflow');
  });

  it('passes an unknown accent name through unvalidated', () => {
    const frame = compileVisualFrame(
      makeSurfaceView({ selectedState: null, sessions: [{ slot: 0, state: 'running', accent: 'chartreuse', selected: true }] }),
      1,
    );
    expect(frame.selectors).toEqual(['accent:chartreuse:selected']);
  });

  it('hands out frozen canvases and action maps that a consumer cannot corrupt', () => {
    const view = makeSurfaceView({ selectedState: 'error', availableActions: ['retry'] });
    const first = compileVisualFrame(view, 8);
    expect(Object.isFrozen(first.state)).toBe(true);
    expect(first.state.every((row) => Object.isFrozen(row))).toBe(true);
    expect(Object.isFrozen(first.actions)).toBe(true);
    expect(() => {
      (first.state[0] as string[])[0] = 'idle';
    }).toThrow(TypeError);
    expect(compileVisualFrame(view, 8).state[0]![0]).toBe('state:error:primary');
  });

  it('gives each compile its own selector and status arrays', () => {
    const view = makeSurfaceView({ selectedState: null, sessions: [{ slot: 0, state: 'running' }] });
    const first = compileVisualFrame(view, 2);
    (first.selectors as string[])[0] = 'off';
    expect(compileVisualFrame(view, 2).selectors[0]).toBe('accent:cyan:unselected');
  });

  it('refuses a capacity that is not a non-negative integer, naming it', () => {
    const view = makeSurfaceView({ selectedState: null });
    expect(() => compileVisualFrame(view, -1)).toThrow(/selectorCapacity/);
    expect(() => compileVisualFrame(view, 2.5)).toThrow(/selectorCapacity/);
    expect(compileVisualFrame(view, 0).selectors).toEqual([]);
  });

  it('refuses a non-integer frame only where the motion needs it', () => {
    expect(() => compileVisualFrame(makeSurfaceView({ selectedState: 'running', activityMotion: true, frame: 0.5 }), 8)).toThrow(/view\.frame/);
    expect(compileVisualFrame(makeSurfaceView({ selectedState: 'running', frame: 0.5 }), 8).state[3]![1]).toBe('state:running:primary');
  });

  it('uses a non-negative modulo for a negative frame', () => {
    const frame = compileVisualFrame(makeSurfaceView({ selectedState: 'running', activityMotion: true, frame: -1 }), 8);
    expect([frame.state[3]![5], frame.state[4]![5]]).toEqual(['activity', 'activity']);
  });

  it('lights only the actions in the view, whatever their insertion order', () => {
    const available: ControlAction[] = ['retry', 'approve'];
    const frame = compileVisualFrame(makeSurfaceView({ selectedState: 'error', availableActions: available }), 8);
    expect(Object.entries(frame.actions)).toEqual([
      ['approve', 'action:approve:enabled'],
      ['reject', 'off'],
      ['stop', 'off'],
      ['retry', 'action:retry:enabled'],
    ]);
  });
});

describe('visualFrameToJson', () => {
  it('returns plain mutable copies, leaving the shared canvas untouched', () => {
    const frame = compileVisualFrame(makeSurfaceView({ selectedState: 'success' }), 8);
    const json = visualFrameToJson(frame);
    json.state[2]![1] = 'off';
    json.actions.approve = 'x';
    expect(frame.state[2]![1]).toBe('state:success:primary');
    expect(frame.actions.approve).toBe('off');
  });
});
