import { CONTROL_ACTIONS, parseAccentToken, type LightToken, type ShowFrame } from '../domain/index.js';
import type { MonomeGridProfile } from '../profiles/surface/index.js';
import { protocolToken, STATE_HEIGHT, STATE_WIDTH, type VisualFrame } from '../visual-protocol/index.js';

const STATE_TOKEN = /^state:([a-z_]+):(primary|summary)$/;

/**
 * Turns Visual Protocol frames into one level (0–15) per grid cell, placed by
 * a surface profile. Brightness stands in for colour: the profile's `levels`
 * say how bright each kind of token is.
 */
export class GridLights {
  readonly columns: number;
  readonly rows: number;
  readonly #profile: MonomeGridProfile;
  readonly #cache = new Map<LightToken, number>();

  constructor(profile: MonomeGridProfile) {
    this.#profile = profile;
    this.columns = profile.size.columns;
    this.rows = profile.size.rows;
  }

  /** A fresh array of every cell's level, row by row. */
  frameLevels(frame: VisualFrame): Uint8Array {
    const levels = new Uint8Array(this.columns * this.rows);
    const layout = this.#profile.layout;
    const put = (cell: readonly [number, number] | undefined, token: LightToken) => {
      if (cell !== undefined) levels[cell[1] * this.columns + cell[0]] = this.level(token);
    };
    const region = layout.state_region;
    if (region !== undefined) {
      for (let y = 0; y < STATE_HEIGHT; y += 1) {
        for (let x = 0; x < STATE_WIDTH; x += 1) put([region.x + x, region.y + y], frame.state[y]![x]!);
      }
    }
    layout.agent_selectors.forEach((cell, slot) => put(cell, frame.selectors[slot] ?? 'off'));
    layout.agent_statuses?.forEach((cell, slot) => put(cell, frame.statuses[slot] ?? 'off'));
    for (const action of CONTROL_ACTIONS) put(layout.actions[action], frame.actions[action]);
    put(layout.overflow, frame.overflow);
    return levels;
  }

  /**
   * A Show frame by brightness: its 8x8 grid at the top-left, the right rail in
   * the ninth column and the top rail nowhere (a grid has no rail above it).
   */
  showLevels(frame: ShowFrame): Uint8Array {
    const levels = new Uint8Array(this.columns * this.rows);
    const put = (x: number, y: number, rgb: readonly number[]) => {
      if (x < this.columns && y < this.rows) levels[y * this.columns + x] = Math.round((Math.max(rgb[0]!, rgb[1]!, rgb[2]!) * 15) / 255);
    };
    frame.grid.forEach((row, y) => row.forEach((color, x) => put(x, y, color.rgb)));
    frame.right.forEach((color, y) => put(8, y, color.rgb));
    return levels;
  }

  /**
   * The level of one token; unknown tokens are dark. Our extension tokens (a
   * question's option pads, an approval's tier frame) take the level of the
   * protocol token whose hue they borrow: a steady full-glyph level.
   */
  level(token: LightToken): number {
    let level = this.#cache.get(token);
    if (level === undefined) {
      level = this.#resolve(protocolToken(token));
      this.#cache.set(token, level);
    }
    return level;
  }

  #resolve(token: LightToken): number {
    const levels = this.#profile.levels;
    if (token === 'off') return levels.off;
    if (token === 'idle') return levels.idle;
    if (token === 'activity') return levels.activity;
    if (token === 'system:overflow') return levels.overflow;
    if (token.startsWith('action:')) return levels.action;
    const accent = parseAccentToken(token);
    if (accent !== null) return accent.role === 'selected' ? levels.accent_selected : levels.accent_unselected;
    const state = STATE_TOKEN.exec(token);
    if (state !== null) return state[2] === 'primary' ? levels.glyph : ((levels.statuses as Record<string, number>)[state[1]!] ?? levels.off);
    return levels.off;
  }
}
