import type { AccentName, ShowColor, ShowFrame } from '../../domain/index.js';
import { Canvas, darkRail, GRID_SIZE } from '../authoring/canvas.js';
import type { AuthoredCue } from '../authoring/compile-show.js';
import { OFF, accentShowColor, blend, dim, rgb } from '../authoring/show-colors.js';

/*
 * The set of "The Night Shift": a person's lamp at the bottom of the grid,
 * three agents in the sky above, a lattice bridge they build between them
 * (rows 4–6), sky rows 0–3 and water rows 6–7 that stay dark until dawn.
 * The script (night-shift.ts) changes this state and holds a cue; painting
 * turns the state into one 80-light picture.
 */

export const LAMP = rgb(255, 186, 102, 'accent:orange:selected');
export const LAMP_GLOW = rgb(120, 72, 30, 'accent:orange:unselected');
export const TRAIL = rgb(255, 226, 170, 'state:waiting_for_reply:primary');
export const TRAIL_FADING = dim(TRAIL);

const NIGHT_SKY: readonly ShowColor[] = [
  rgb(8, 10, 40, 'accent:sky:unselected'),
  rgb(14, 16, 60, 'accent:sky:unselected'),
  rgb(24, 20, 80, 'accent:violet:unselected'),
  rgb(40, 24, 90, 'accent:violet:unselected'),
];
const DAY_SKY: readonly ShowColor[] = [
  rgb(40, 110, 220, 'accent:sky:selected'),
  rgb(110, 150, 230, 'accent:sky:selected'),
  rgb(255, 150, 90, 'accent:rose:selected'),
  rgb(255, 110, 40, 'accent:orange:selected'),
];
const SUN = rgb(255, 214, 120, 'state:waiting_for_approval:primary');
const SUN_COLUMN = 6;
const NIGHT_WATER = rgb(4, 8, 30, 'state:running:summary');
const DAY_WATER = rgb(20, 70, 130, 'state:running:summary');
const HOUR_EARLY = rgb(30, 30, 110, 'accent:violet:unselected');
const HOUR_LATE = rgb(255, 190, 60, 'state:waiting_for_approval:primary');
const HORIZON_ROW = 3;
const LAMP_CELLS = [3, 4].map((x) => [x, 7] as const);

export interface Agent {
  readonly slot: number;
  readonly accent: AccentName;
  x: number;
  y: number;
  /** What the agent looks like now; null: not on stage. */
  look: ShowColor | null;
  /** Busy agents light their Scene brightly. */
  busy: boolean;
}

const key = (x: number, y: number) => `${x},${y}`;

export class NightShiftStage {
  readonly cues: AuthoredCue[] = [];
  act = '';
  /** Lit positions of the top rail: how far the night has gone (0..8). */
  hours = 0;
  /** 0 dark, 1 glowing, 2 fully on. */
  lamp = 0;
  /** 0 night .. 1 morning. */
  dawn = 0;
  /** Sky rows lit, counted up from the horizon (0..4). */
  skyRows = 0;
  water = false;
  /** Lights that keep fading out, row by row from the top, in the closing cues. */
  darkRows = 0;
  readonly agents: Agent[] = [
    { slot: 0, accent: 'cyan', x: 1, y: 2, look: null, busy: false },
    { slot: 1, accent: 'magenta', x: 4, y: 1, look: null, busy: false },
    { slot: 2, accent: 'lime', x: 6, y: 2, look: null, busy: false },
  ];
  /** The bridge, cell by cell, in the colour it was built or broken in. */
  readonly bridge = new Map<string, ShowColor>();
  /** Passing light: the person's answers travelling up. */
  readonly marks = new Map<string, ShowColor>();

  agent(accent: AccentName): Agent {
    return this.agents.find((agent) => agent.accent === accent)!;
  }

  build(cells: readonly (readonly [number, number])[], color: ShowColor): void {
    for (const [x, y] of cells) this.bridge.set(key(x, y), color);
  }

  mark(x: number, y: number, color: ShowColor | null): void {
    if (color === null) this.marks.delete(key(x, y));
    else this.marks.set(key(x, y), color);
  }

  hold(seconds: number, caption?: string): void {
    this.cues.push({ act: this.act, seconds, ...(caption === undefined ? {} : { caption }), frame: this.paint() });
  }

  paint(): ShowFrame {
    const canvas = new Canvas();
    canvas.each((x, y) => this.#background(x, y));
    canvas.each((x, y) => this.bridge.get(key(x, y)) ?? null);
    for (const agent of this.agents) if (agent.look !== null) canvas.set(agent.x, agent.y, agent.look);
    if (this.lamp > 0) for (const [x, y] of LAMP_CELLS) canvas.set(x, y, this.lamp > 1 ? LAMP : LAMP_GLOW);
    canvas.each((x, y) => this.marks.get(key(x, y)) ?? null);
    canvas.each((_x, y) => (y < this.darkRows ? OFF : null));
    return canvas.rails(this.#topRail(), this.#rightRail()).frame();
  }

  /** Sky above the horizon lights from the horizon up; the sun side is warmer. */
  #background(x: number, y: number): ShowColor | null {
    if (y <= HORIZON_ROW && HORIZON_ROW - y < this.skyRows) {
      const base = blend(NIGHT_SKY[y]!, DAY_SKY[y]!, this.dawn);
      const nearSun = 1 - Math.abs(x - SUN_COLUMN) / GRID_SIZE;
      return blend(base, SUN, (this.dawn * nearSun * (y + 1)) / 8);
    }
    if (y >= 6 && this.water) return blend(NIGHT_WATER, DAY_WATER, this.dawn * (1 - Math.abs(x - SUN_COLUMN) / 16));
    return null;
  }

  #topRail(): ShowColor[] {
    return darkRail().map((_, i) => (i < this.hours ? blend(HOUR_EARLY, HOUR_LATE, i / 7) : OFF));
  }

  /** The Scene rail names who is here: the agents in their slots, the person's lamp at the bottom. */
  #rightRail(): ShowColor[] {
    const rail = darkRail();
    for (const agent of this.agents) if (agent.look !== null) rail[agent.slot] = accentShowColor(agent.accent, agent.busy);
    if (this.lamp > 0) rail[7] = this.lamp > 1 ? LAMP : LAMP_GLOW;
    return rail;
  }
}
