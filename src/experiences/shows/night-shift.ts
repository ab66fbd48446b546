import type { AuthoredShow } from '../authoring/compile-show.js';
import { accentShowColor, dim, stateColor } from '../authoring/show-colors.js';
import { NightShiftStage, TRAIL, TRAIL_FADING, type Agent } from './night-shift-stage.js';

/*
 * "The Night Shift", Pad-Lattice's own Show: a person works late; three
 * agents arrive and build a bridge with them; one asks before it places the
 * keystone, one breaks its part and is sent to try again; morning finds the
 * bridge finished and all four of them on it.
 */

type Cell = readonly [number, number];

const CYAN_PART: readonly Cell[][] = [
  [
    [0, 6],
    [0, 5],
  ],
  [
    [1, 5],
    [0, 4],
  ],
  [
    [2, 5],
    [2, 4],
  ],
];
const LIME_PART: readonly Cell[][] = [
  [
    [7, 6],
    [7, 5],
  ],
  [
    [6, 5],
    [6, 4],
  ],
  [[5, 5]],
];
const KEYSTONE: readonly Cell[][] = [
  [[3, 5]],
  [
    [4, 5],
    [4, 4],
  ],
];
const LIME_SPAN: readonly Cell[] = [
  [7, 5],
  [6, 5],
  [6, 4],
  [5, 5],
];

function arrive(stage: NightShiftStage, agent: Agent, caption?: string): void {
  for (const other of stage.agents) if (other.look !== null) [other.look, other.busy] = [dim(accentShowColor(other.accent)), false];
  agent.look = accentShowColor(agent.accent);
  agent.busy = true;
  stage.hold(0.7, caption);
}

/** The agent lights up, places its cells brightly; the next cue settles them into its dim colour. */
function buildStep(stage: NightShiftStage, agent: Agent, cells: readonly Cell[], caption?: string): void {
  for (const other of stage.agents) other.busy = other === agent;
  for (const other of stage.agents) other.look = accentShowColor(other.accent, other.busy);
  stage.build(cells, accentShowColor(agent.accent));
  stage.hold(0.45, caption);
  stage.build(cells, accentShowColor(agent.accent, false));
}

/** The person's light climbs from the lamp to an agent, leaving a fading trail that then clears. */
function answer(stage: NightShiftStage, path: readonly Cell[], caption: string): void {
  path.forEach(([x, y], i) => {
    const previous = path[i - 1];
    if (previous !== undefined) stage.mark(previous[0], previous[1], TRAIL_FADING);
    stage.mark(x, y, TRAIL);
    stage.hold(0.3, i === 0 ? caption : undefined);
  });
}

function clearMarks(stage: NightShiftStage): void {
  stage.marks.clear();
}

function prologue(stage: NightShiftStage): void {
  stage.act = 'Prologue - Midnight';
  stage.hold(0.8, 'Midnight');
  stage.hours = 1;
  stage.lamp = 1;
  stage.hold(0.6);
  stage.lamp = 2;
  stage.hold(1.2, 'One lamp still on');
}

function helpers(stage: NightShiftStage): void {
  stage.act = 'Act I - Three Helpers';
  arrive(stage, stage.agent('cyan'), 'Help arrives');
  arrive(stage, stage.agent('magenta'));
  arrive(stage, stage.agent('lime'));
  stage.hours = 2;
  for (const agent of stage.agents) [agent.look, agent.busy] = [accentShowColor(agent.accent), false];
  stage.hold(1.0, 'Three helpers');
}

function building(stage: NightShiftStage): void {
  stage.act = 'Act II - Side by Side';
  const [cyan, lime] = [stage.agent('cyan'), stage.agent('lime')];
  CYAN_PART.forEach((cells, i) => {
    buildStep(stage, cyan, cells, i === 0 ? 'Building' : undefined);
    buildStep(stage, lime, LIME_PART[i]!);
  });
  stage.hours = 3;
  for (const agent of stage.agents) agent.busy = false;
  stage.hold(1.0, 'A gap in the middle');
}

function question(stage: NightShiftStage): void {
  stage.act = 'Act III - May I?';
  const magenta = stage.agent('magenta');
  magenta.busy = true;
  magenta.look = stateColor('waiting_for_approval');
  stage.hold(1.4, 'A question');
  answer(
    stage,
    [
      [4, 6],
      [4, 5],
      [4, 4],
      [4, 3],
      [4, 2],
    ],
    'The person answers',
  );
  clearMarks(stage);
  magenta.look = stateColor('success');
  stage.hold(0.9, 'Yes');
  KEYSTONE.forEach((cells, i) => buildStep(stage, magenta, cells, i === 0 ? 'The keystone' : undefined));
  stage.hours = 4;
  stage.hold(0.8);
}

function stumble(stage: NightShiftStage): void {
  stage.act = 'Act IV - A Crack';
  const lime = stage.agent('lime');
  for (const agent of stage.agents) agent.busy = agent === lime;
  lime.look = stateColor('error');
  stage.build(LIME_SPAN, stateColor('error'));
  stage.hold(1.2, 'Something breaks');
  stage.build(LIME_SPAN, stateColor('error', false));
  stage.hold(0.8);
  answer(
    stage,
    [
      [5, 6],
      [6, 5],
      [6, 4],
      [6, 3],
    ],
    'Try again',
  );
  clearMarks(stage);
  lime.look = stateColor('running');
  stage.hold(0.6);
  for (const cell of LIME_SPAN) {
    stage.build([cell], stateColor('running'));
    stage.hold(0.3);
  }
  stage.build(LIME_SPAN, accentShowColor('lime', false));
  lime.look = accentShowColor('lime');
  stage.hours = 5;
  stage.hold(1.0, 'Mended');
}

function dawn(stage: NightShiftStage): void {
  stage.act = 'Act V - First Light';
  for (const agent of stage.agents) [agent.look, agent.busy] = [accentShowColor(agent.accent), true];
  stage.water = true;
  stage.skyRows = 1;
  stage.dawn = 0.1;
  stage.hold(0.9, 'First light');
  for (const [rows, light] of [
    [2, 0.25],
    [3, 0.4],
    [4, 0.55],
  ] as const) {
    [stage.skyRows, stage.dawn] = [rows, light];
    stage.hours += 1;
    stage.hold(0.8);
  }
  for (const light of [0.7, 0.85, 1]) {
    stage.dawn = light;
    stage.hold(0.8, light === 1 ? 'The bridge holds' : undefined);
  }
}

function together(stage: NightShiftStage): void {
  stage.act = 'Epilogue - Morning';
  const seats = [1, 3, 5];
  for (const y of [3, 4]) {
    stage.agents.forEach((agent, i) => ([agent.x, agent.y] = [seats[i]!, y]));
    stage.hold(0.7, y === 4 ? 'Together' : undefined);
  }
  stage.hold(1.2);
  stage.lamp = 1;
  stage.hold(0.6);
  stage.lamp = 0;
  stage.hold(1.2, 'Good morning');
  stage.hours = 0;
  for (const agent of stage.agents) agent.busy = false;
  for (let rows = 2; rows <= 8; rows += 2) {
    stage.darkRows = rows;
    if (rows === 6) for (const agent of stage.agents) agent.look = null;
    if (rows === 8) stage.water = false;
    stage.hold(rows === 8 ? 1.2 : 0.6);
  }
}

function script(): NightShiftStage {
  const stage = new NightShiftStage();
  prologue(stage);
  helpers(stage);
  building(stage);
  question(stage);
  stumble(stage);
  dawn(stage);
  together(stage);
  return stage;
}

export const NIGHT_SHIFT: AuthoredShow = Object.freeze({
  id: 'the-night-shift',
  title: 'The Night Shift',
  audioAsset: 'audio/night-shift-v1.wav',
  cues: Object.freeze(script().cues),
});
