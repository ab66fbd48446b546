import type { ShowColor, ShowFrame } from '../../domain/index.js';
import { OFF } from './show-colors.js';

export const GRID_SIZE = 8;

function checkCell(x: number, y: number): void {
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= GRID_SIZE || y >= GRID_SIZE) {
    throw new RangeError(`cell (${x}, ${y}) is outside the 8x8 grid`);
  }
}

function checkRail(rail: readonly ShowColor[], name: string): readonly ShowColor[] {
  if (rail.length !== GRID_SIZE) throw new RangeError(`the ${name} rail needs exactly 8 lights, got ${rail.length}`);
  return Object.freeze([...rail]);
}

export const darkRail = (): ShowColor[] => Array.from({ length: GRID_SIZE }, () => OFF);

/**
 * One Show picture being painted (experiences.md §11.2): cells are addressed
 * (x = column, y = row, both 0..7, row 0 at the top), unpainted cells and rails
 * are dark. Painting is in call order, so later layers cover earlier ones.
 */
export class Canvas {
  readonly #cells: ShowColor[][] = Array.from({ length: GRID_SIZE }, () => darkRail());
  #top: readonly ShowColor[] = darkRail();
  #right: readonly ShowColor[] = darkRail();

  set(x: number, y: number, color: ShowColor): this {
    checkCell(x, y);
    this.#cells[y]![x] = color;
    return this;
  }

  get(x: number, y: number): ShowColor {
    checkCell(x, y);
    return this.#cells[y]![x]!;
  }

  /** Paints every cell for which `paint` returns a colour. */
  each(paint: (x: number, y: number) => ShowColor | null): this {
    for (let y = 0; y < GRID_SIZE; y += 1) {
      for (let x = 0; x < GRID_SIZE; x += 1) {
        const color = paint(x, y);
        if (color !== null) this.set(x, y, color);
      }
    }
    return this;
  }

  rails(top: readonly ShowColor[], right: readonly ShowColor[]): this {
    this.#top = checkRail(top, 'top');
    this.#right = checkRail(right, 'right');
    return this;
  }

  frame(): ShowFrame {
    return Object.freeze({
      grid: Object.freeze(this.#cells.map((row) => Object.freeze([...row]))),
      top: this.#top,
      right: this.#right,
    });
  }
}
