import { characterColumns, FONT_ADVANCE, FONT_HEIGHT } from './key-font.js';

export type Rgb = readonly [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** An RGB picture of one key (3 bytes a pixel, row by row), with the few drawing steps key faces need. */
export class KeyImage {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 3);
  }

  rect(x: number, y: number, width: number, height: number, color: Rgb): void {
    const x1 = Math.min(this.width, x + width);
    const y1 = Math.min(this.height, y + height);
    for (let row = Math.max(0, y); row < y1; row += 1) {
      for (let column = Math.max(0, x); column < x1; column += 1) this.data.set(color, (row * this.width + column) * 3);
    }
  }

  fill(color: Rgb): void {
    this.rect(0, 0, this.width, this.height, color);
  }

  /** The pixel at (x, y), for tests. */
  pixel(x: number, y: number): Rgb {
    const at = (y * this.width + x) * 3;
    return [this.data[at]!, this.data[at + 1]!, this.data[at + 2]!];
  }

  /** Upper-cased text centred on `centerX`, top at `top`, each font pixel a `scale`-sized square. */
  text(text: string, centerX: number, top: number, scale: number, color: Rgb): void {
    const characters = [...text.toUpperCase()];
    const width = characters.length * FONT_ADVANCE * scale - scale;
    let left = Math.round(centerX - width / 2);
    for (const character of characters) {
      characterColumns(character).forEach((bits, column) => {
        for (let row = 0; row < FONT_HEIGHT; row += 1) {
          if (bits & (1 << (FONT_HEIGHT - 1 - row))) this.rect(left + column * scale, top + row * scale, scale, scale, color);
        }
      });
      left += FONT_ADVANCE * scale;
    }
  }
}

/** How many characters fit on one line of a key `width` pixels wide at `scale`. */
export function charactersPerLine(width: number, scale: number): number {
  return Math.max(1, Math.floor((width - 4 + scale) / (FONT_ADVANCE * scale)));
}
