import { OFF_TOKEN, type ControlAction, type LightToken } from '../domain/index.js';
import { cssColorForToken, STATE_HEIGHT, STATE_WIDTH, type StateCanvas } from '../visual-protocol/index.js';
import { charactersPerLine, hexToRgb, KeyImage, type Rgb } from './key-image.js';

/** What one key shows; equal faces draw equal images, so a face's key says whether a key must be redrawn. */
export type KeyFace =
  | { readonly kind: 'blank' }
  | { readonly kind: 'glyph'; readonly canvas: StateCanvas }
  | { readonly kind: 'scene'; readonly slot: number; readonly accent: LightToken; readonly status: LightToken; readonly label: string }
  | { readonly kind: 'action'; readonly action: ControlAction; readonly token: LightToken }
  | { readonly kind: 'overflow'; readonly token: LightToken }
  /** A Show's light at this key's place. */
  | { readonly kind: 'color'; readonly rgb: Rgb };

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
const ACTION_WORDS: Readonly<Record<ControlAction, string>> = { approve: 'APPROVE', reject: 'REJECT', stop: 'STOP', retry: 'RETRY' };

const colorOf = (token: LightToken): Rgb => hexToRgb(cssColorForToken(token));

/** Black or white, whichever reads better on `background` (by its luma). */
const inkFor = (background: Rgb): Rgb => (background[0] * 0.299 + background[1] * 0.587 + background[2] * 0.114 > 140 ? BLACK : WHITE);

export function faceKey(face: KeyFace): string {
  switch (face.kind) {
    case 'glyph':
      return `glyph:${face.canvas.map((row) => row.join(',')).join(';')}`;
    case 'scene':
      return `scene:${face.slot}:${face.accent}:${face.status}:${face.label}`;
    case 'action':
      return `action:${face.action}:${face.token}`;
    case 'overflow':
      return `overflow:${face.token}`;
    case 'color':
      return `color:${face.rgb.join(',')}`;
    case 'blank':
      return 'blank';
  }
}

/** One colour for keys that show only a colour (`rgb` feedback). */
export function faceColor(face: KeyFace): Rgb {
  switch (face.kind) {
    case 'scene':
      return colorOf(face.accent);
    case 'action':
    case 'overflow':
      return face.token === OFF_TOKEN ? BLACK : colorOf(face.token);
    case 'color':
      return face.rgb;
    default:
      return BLACK;
  }
}

/** Draws a face at a key's size. Unlit keys are black: a lit action is a promise. */
export function drawFace(face: KeyFace, width: number, height: number): KeyImage {
  const image = new KeyImage(width, height);
  const scale = Math.max(1, Math.floor(width / 48));
  switch (face.kind) {
    case 'glyph':
      drawGlyph(image, face.canvas);
      break;
    case 'scene':
      if (face.accent === OFF_TOKEN) break;
      drawScene(image, face, scale);
      break;
    case 'action':
    case 'overflow': {
      if (face.token === OFF_TOKEN) break;
      const background = colorOf(face.token);
      image.fill(background);
      const word = face.kind === 'action' ? ACTION_WORDS[face.action] : 'MORE';
      const wordScale = charactersPerLine(width, scale) >= word.length ? scale : 1;
      image.text(word, width / 2, Math.round(height / 2 - (7 * wordScale) / 2), wordScale, inkFor(background));
      break;
    }
    case 'color':
      image.fill(face.rgb);
      break;
    case 'blank':
      break;
  }
  return image;
}

/** The 7x8 state canvas as large square cells, centred. */
function drawGlyph(image: KeyImage, canvas: StateCanvas): void {
  const cell = Math.floor(Math.min(image.width / (STATE_WIDTH + 1), image.height / (STATE_HEIGHT + 1)));
  const left = Math.floor((image.width - cell * STATE_WIDTH) / 2);
  const top = Math.floor((image.height - cell * STATE_HEIGHT) / 2);
  canvas.forEach((row, y) =>
    row.forEach((token, x) => {
      if (token !== OFF_TOKEN) image.rect(left + x * cell, top + y * cell, cell - 1, cell - 1, colorOf(token));
    }),
  );
}

/** The agent's identity colour, its Scene number, its label (two lines at most) and a bar in its state's colour. */
function drawScene(image: KeyImage, face: Extract<KeyFace, { kind: 'scene' }>, scale: number): void {
  const background = colorOf(face.accent);
  image.fill(background);
  const ink = inkFor(background);
  const bar = Math.max(4, Math.round(image.height / 6));
  image.rect(0, image.height - bar, image.width, bar, colorOf(face.status));
  image.text(`S${face.slot + 1}`, image.width / 2, 3 * scale, scale, ink);
  const perLine = charactersPerLine(image.width, 1);
  const label = [...face.label];
  const lines = [label.slice(0, perLine).join(''), label.slice(perLine, 2 * perLine).join('')].filter((line) => line !== '');
  lines.forEach((line, index) => image.text(line, image.width / 2, 3 * scale + 7 * scale + 4 + index * 9, 1, ink));
}
