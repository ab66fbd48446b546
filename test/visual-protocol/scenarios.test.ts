import { describe, expect, it } from 'vitest';
import {
  AGENT_STATES,
  CONTROL_ACTIONS,
  IDENTITY_ACCENTS,
  isActionPermitted,
  makeSurfaceView,
  type AgentState,
  type ControlAction,
  type SurfaceViewInit,
} from '../../src/domain/index.js';
import {
  ACCENT_COLORS,
  ACTION_STATES,
  GLYPHS,
  STATE_HEIGHT,
  STATE_WIDTH,
  VISUAL_PROTOCOL_VERSION,
  compileVisualFrame,
  isVisualToken,
  visualFrameToJson,
  type VisualFrame,
} from '../../src/visual-protocol/index.js';
import { readPublished } from '../helpers/published-files.js';

interface Fixture {
  visual_protocol: number;
  state_region: { width: number; height: number };
  identity_accents: string[];
  glyphs: Record<string, [number, number][]>;
  action_states: Record<string, string[]>;
}

/** Our published constants (schemas/visual-protocol.json); the conformance suite compares them with the reference's fixture. */
const fixture = readPublished('visual-protocol.json') as unknown as Fixture;

function compile(init: SurfaceViewInit, capacity = 8): VisualFrame {
  return compileVisualFrame(makeSurfaceView(init), capacity);
}

/** Canvas cells `[x, y]` holding `token`, scanned row by row. */
function cellsWith(frame: VisualFrame, token: string): [number, number][] {
  const found: [number, number][] = [];
  frame.state.forEach((row, y) => row.forEach((cell, x) => cell === token && found.push([x, y])));
  return found;
}

const byPosition = (a: readonly number[], b: readonly number[]): number => a[1]! - b[1]! || a[0]! - b[0]!;
const sortedCells = (cells: readonly (readonly number[])[]): number[][] => cells.map((c) => [...c]).sort(byPosition);

describe('visual-protocol-1.md §15', () => {
  it('scenario 1: constants equal the published fixture (schemas/visual-protocol.json)', () => {
    expect(VISUAL_PROTOCOL_VERSION).toBe(fixture.visual_protocol);
    expect({ width: STATE_WIDTH, height: STATE_HEIGHT }).toEqual(fixture.state_region);
    expect([...IDENTITY_ACCENTS]).toEqual(fixture.identity_accents);
    expect(ACCENT_COLORS.map((accent) => accent.name)).toEqual(fixture.identity_accents);
    expect(Object.keys(GLYPHS).sort()).toEqual(Object.keys(fixture.glyphs).sort());
    for (const state of AGENT_STATES) {
      expect(
        GLYPHS[state].map((cell) => [...cell]),
        state,
      ).toEqual(fixture.glyphs[state]);
    }
    expect(Object.keys(ACTION_STATES).sort()).toEqual(Object.keys(fixture.action_states).sort());
    for (const action of CONTROL_ACTIONS) {
      expect([...ACTION_STATES[action]], action).toEqual(fixture.action_states[action]);
    }
  });

  it('scenario 2: one non-empty in-bounds glyph per agent state', () => {
    expect(new Set(Object.keys(GLYPHS))).toEqual(new Set(AGENT_STATES));
    for (const state of AGENT_STATES) {
      expect(GLYPHS[state].length).toBeGreaterThan(0);
      for (const [x, y] of GLYPHS[state]) {
        expect(x >= 0 && x < STATE_WIDTH && y >= 0 && y < STATE_HEIGHT, `${state} [${x},${y}]`).toBe(true);
      }
    }
  });

  it('scenario 3: glyph cell counts are 6, 14, 7, 6, 9, 14, 18', () => {
    expect(AGENT_STATES.map((state) => GLYPHS[state].length)).toEqual([6, 14, 7, 6, 9, 14, 18]);
    for (const state of AGENT_STATES) {
      expect(new Set(GLYPHS[state].map(([x, y]) => `${x},${y}`)).size, `${state} has duplicate cells`).toBe(GLYPHS[state].length);
    }
  });

  it('scenario 4: no selection shows exactly the idle dash', () => {
    const frame = compile({ selectedState: null });
    expect(cellsWith(frame, 'idle')).toEqual([
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
    expect(cellsWith(frame, 'off')).toHaveLength(53);
    expect(frame.state).toHaveLength(STATE_HEIGHT);
    for (const row of frame.state) expect(row).toHaveLength(STATE_WIDTH);
  });

  it('scenario 5: the idle dash ignores activity motion and frame', () => {
    const plain = compile({ selectedState: null });
    for (const frame of [0, 1, 2, 3, 7, 1000]) {
      expect(compile({ selectedState: null, activityMotion: true, frame }).state).toEqual(plain.state);
    }
  });

  it('scenario 6: each state paints its primary token exactly on its glyph', () => {
    for (const state of AGENT_STATES) {
      const frame = compile({ selectedState: state });
      const token = `state:${state}:primary`;
      expect(sortedCells(cellsWith(frame, token)), state).toEqual(sortedCells(GLYPHS[state]));
      expect(cellsWith(frame, 'off')).toHaveLength(STATE_WIDTH * STATE_HEIGHT - GLYPHS[state].length);
    }
  });

  it('scenario 7: waiting_for_reply and waiting_for_approval canvases differ', () => {
    const reply = compile({ selectedState: 'waiting_for_reply' });
    const approval = compile({ selectedState: 'waiting_for_approval' });
    expect(sortedCells(cellsWith(reply, 'state:waiting_for_reply:primary'))).not.toEqual(
      sortedCells(cellsWith(approval, 'state:waiting_for_approval:primary')),
    );
  });

  it('scenario 8: running without motion has no activity token for any frame', () => {
    for (const frame of [0, 1, 2, 3, 4, 5, 99]) {
      expect(cellsWith(compile({ selectedState: 'running', frame }), 'activity')).toEqual([]);
    }
  });

  it('scenario 9: running motion visits columns 1, 3, 5, 1 for frames 0..3', () => {
    const expectedColumns = [1, 3, 5, 1];
    expectedColumns.forEach((column, frame) => {
      const compiled = compile({ selectedState: 'running', activityMotion: true, frame });
      expect(cellsWith(compiled, 'activity'), `frame ${frame}`).toEqual([
        [column, 3],
        [column, 4],
      ]);
      const rest = GLYPHS.running.filter(([x]) => x !== column);
      expect(sortedCells(cellsWith(compiled, 'state:running:primary'))).toEqual(sortedCells(rest));
      expect(rest).toHaveLength(4);
    });
  });

  it('scenario 10: motion does nothing when the state is not running', () => {
    for (const state of AGENT_STATES.filter((s) => s !== 'running')) {
      const moving = compile({ selectedState: state, activityMotion: true, frame: 1 });
      expect(cellsWith(moving, 'activity'), state).toEqual([]);
      expect(moving.state).toEqual(compile({ selectedState: state }).state);
    }
  });

  it('scenario 11: capacity 8 with no sessions gives dark selectors and statuses', () => {
    const frame = compile({ selectedState: null });
    expect(frame.selectors).toEqual(Array(8).fill('off'));
    expect(frame.statuses).toEqual(Array(8).fill('off'));
  });

  it('scenario 12: selected and unselected accent tokens', () => {
    const frame = compile({
      selectedState: 'running',
      sessions: [
        { slot: 0, state: 'running', selected: true, accent: 'cyan' },
        { slot: 1, state: 'running', accent: 'magenta' },
      ],
    });
    expect(frame.selectors.slice(0, 3)).toEqual(['accent:cyan:selected', 'accent:magenta:unselected', 'off']);
  });

  it('scenario 13: status tokens follow each session, not the selected state', () => {
    const frame = compile({
      selectedState: 'running',
      sessions: [
        { slot: 0, state: 'running', selected: true },
        { slot: 3, state: 'error', accent: 'lime' },
      ],
    });
    expect(frame.statuses).toEqual(['state:running:summary', 'off', 'off', 'state:error:summary', 'off', 'off', 'off', 'off']);
  });

  it('scenario 14: slots at capacity or negative are ignored without error', () => {
    const frame = compile(
      {
        selectedState: null,
        sessions: [
          { slot: 4, state: 'running', accent: 'cyan' },
          { slot: -1, state: 'error', accent: 'magenta' },
        ],
      },
      4,
    );
    expect(frame.selectors).toEqual(['off', 'off', 'off', 'off']);
    expect(frame.statuses).toEqual(['off', 'off', 'off', 'off']);
    expect(frame.overflow).toBe('off');
  });

  it('scenario 15: the later of two sessions in one slot wins', () => {
    const frame = compile({
      selectedState: null,
      sessions: [
        { slot: 2, state: 'running', accent: 'cyan', selected: true },
        { slot: 2, state: 'success', accent: 'orange' },
      ],
    });
    expect(frame.selectors[2]).toBe('accent:orange:unselected');
    expect(frame.statuses[2]).toBe('state:success:summary');
  });

  it('scenario 16: capacity 2 gives two selectors and two statuses', () => {
    const frame = compile({ selectedState: null, sessions: [{ slot: 1, state: 'user_typing', accent: 'magenta' }] }, 2);
    expect(frame.selectors).toEqual(['off', 'accent:magenta:unselected']);
    expect(frame.statuses).toEqual(['off', 'state:user_typing:summary']);
  });

  it('scenario 17: actions always has the four keys in canonical order', () => {
    for (const availableActions of [[], ['retry'], ['stop', 'approve']] as ControlAction[][]) {
      expect(Object.keys(compile({ selectedState: 'running', availableActions }).actions)).toEqual(['approve', 'reject', 'stop', 'retry']);
    }
  });

  it('scenario 18: only an available approve is lit', () => {
    expect(compile({ selectedState: 'waiting_for_approval', availableActions: ['approve'] }).actions).toEqual({
      approve: 'action:approve:enabled',
      reject: 'off',
      stop: 'off',
      retry: 'off',
    });
  });

  it('scenario 19: all four available actions are lit', () => {
    expect(compile({ selectedState: 'running', availableActions: CONTROL_ACTIONS }).actions).toEqual({
      approve: 'action:approve:enabled',
      reject: 'action:reject:enabled',
      stop: 'action:stop:enabled',
      retry: 'action:retry:enabled',
    });
  });

  it('scenario 20: overflow lights for a positive count only', () => {
    expect(compile({ selectedState: null, overflowCount: 0 }).overflow).toBe('off');
    expect(compile({ selectedState: null, overflowCount: 1 }).overflow).toBe('system:overflow');
    expect(compile({ selectedState: null, overflowCount: 5 }).overflow).toBe('system:overflow');
  });

  it('scenario 21: compiling the same view twice gives deep-equal frames', () => {
    const view = makeSurfaceView({
      selectedState: 'running',
      frame: 4,
      activityMotion: true,
      sessions: [
        { slot: 0, state: 'running', selected: true },
        { slot: 1, state: 'error', accent: 'lime' },
      ],
      availableActions: ['stop'],
      overflowCount: 2,
    });
    expect(compileVisualFrame(view, 8)).toEqual(compileVisualFrame(view, 8));
    expect(view.sessions).toHaveLength(2); // the view is not consumed or altered
  });

  it('scenario 22: every produced token matches the grammar', () => {
    const actionSubsets = Array.from({ length: 16 }, (_, mask) => CONTROL_ACTIONS.filter((_, bit) => mask & (1 << bit)));
    const states: (AgentState | null)[] = [null, ...AGENT_STATES];
    const produced = new Set<string>();
    for (const selectedState of states) {
      for (const activityMotion of [false, true]) {
        // `rotation` is the render counter and also rotates which slot is selected and which accent each slot has.
        for (let rotation = 0; rotation < IDENTITY_ACCENTS.length; rotation += 1) {
          for (const availableActions of actionSubsets) {
            for (const overflowCount of [0, 3]) {
              const sessions = IDENTITY_ACCENTS.map((_, slot) => ({
                slot,
                state: AGENT_STATES[slot % AGENT_STATES.length]!,
                selected: slot === rotation,
                accent: IDENTITY_ACCENTS[(slot + 2 * rotation) % IDENTITY_ACCENTS.length]!,
              }));
              const compiled = compile({ selectedState, activityMotion, frame: rotation, availableActions, overflowCount, sessions });
              for (const token of [
                ...compiled.state.flat(),
                ...compiled.selectors,
                ...compiled.statuses,
                ...Object.values(compiled.actions),
                compiled.overflow,
              ]) {
                produced.add(token);
              }
            }
          }
        }
      }
    }
    expect([...produced].filter((token) => !isVisualToken(token))).toEqual([]);
    // The combinations reach every token kind: 3 base, 14 state, 4 action, 16 accent, 1 system.
    expect(produced.size).toBe(38);
    expect(isVisualToken('state:running:glow')).toBe(false);
    expect(isVisualToken('accent:cyan')).toBe(false);
  });

  it('scenario 23: accent table has the eight names, reference RGB and hex', () => {
    expect(ACCENT_COLORS.map(({ name, rgb, hex }) => [name, [...rgb], hex])).toEqual([
      ['cyan', [0, 174, 187], '#00AEBB'],
      ['magenta', [200, 62, 201], '#C83EC9'],
      ['lime', [112, 185, 45], '#70B92D'],
      ['orange', [230, 126, 34], '#E67E22'],
      ['violet', [118, 86, 199], '#7656C7'],
      ['teal', [0, 155, 131], '#009B83'],
      ['rose', [217, 76, 118], '#D94C76'],
      ['sky', [55, 136, 216], '#3788D8'],
    ]);
  });

  it('scenario 24: the action table gates each action by state; compile shows only what the view offers', () => {
    const expected: Record<ControlAction, AgentState[]> = {
      approve: ['waiting_for_approval'],
      reject: ['waiting_for_approval'],
      stop: ['running'],
      retry: ['error', 'cancelled'],
    };
    for (const action of CONTROL_ACTIONS) {
      for (const state of AGENT_STATES) {
        expect(isActionPermitted(action, state), `${action} in ${state}`).toBe(expected[action].includes(state));
      }
    }
    // With nothing selected or a preview active the control plane offers no actions; the frame is then dark.
    const dark = compile({ selectedState: null }).actions;
    expect(Object.values(dark)).toEqual(['off', 'off', 'off', 'off']);
  });

  it('scenario 25: browser unselected accent is round(channel × 0.48)', () => {
    expect(ACCENT_COLORS.map(({ dimRgb }) => [...dimRgb])).toEqual([
      [0, 84, 90],
      [96, 30, 96],
      [54, 89, 22],
      [110, 60, 16],
      [57, 41, 96],
      [0, 74, 63],
      [104, 36, 57],
      [26, 65, 104],
    ]);
    for (const { rgb, dimRgb } of ACCENT_COLORS) {
      expect([...dimRgb]).toEqual(rgb.map((channel) => Math.round(channel * 0.48)));
    }
  });

  it('scenario 26: the JSON form has 8×7 state strings and actions keyed by name', () => {
    const frame = compile({
      selectedState: 'waiting_for_approval',
      sessions: [{ slot: 0, state: 'waiting_for_approval', selected: true }],
      availableActions: ['approve'],
      overflowCount: 1,
    });
    const json = JSON.parse(JSON.stringify(visualFrameToJson(frame))) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['state', 'selectors', 'statuses', 'actions', 'overflow']);
    const state = json['state'] as unknown[][];
    expect(state).toHaveLength(8);
    for (const row of state) {
      expect(row).toHaveLength(7);
      for (const cell of row) expect(typeof cell).toBe('string');
    }
    expect(json['actions']).toEqual({ approve: 'action:approve:enabled', reject: 'off', stop: 'off', retry: 'off' });
    expect(Object.keys(json['actions'] as object)).toEqual(['approve', 'reject', 'stop', 'retry']);
    expect(json['selectors']).toEqual(['accent:cyan:selected', ...Array(7).fill('off')]);
    expect(json['statuses']).toEqual(['state:waiting_for_approval:summary', ...Array(7).fill('off')]);
    expect(json['overflow']).toBe('system:overflow');
  });
});
