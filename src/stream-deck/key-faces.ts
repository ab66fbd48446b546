import { OFF_TOKEN, type ControlAction, type LightToken } from '../domain/index.js';
import { cssColorForToken, STATE_HEIGHT, STATE_WIDTH, type StateCanvas } from '../visual-protocol/index.js';
import { FONT_HEIGHT } from './key-font.js';
import { charactersPerLine, hexToRgb, KeyImage, type Rgb } from './key-image.js';

/** What one key shows; equal faces draw equal images, so a face's key says whether a key must be redrawn. */
export type KeyFace =
  | { readonly kind: 'blank' }
  /** `caption` ('' for none) is a word under the glyph: while a question waits, what the Scene keys show. */
  | { readonly kind: 'glyph'; readonly canvas: StateCanvas; readonly caption: string }
  /** Option `number` (1-based) of the selected agent's question, on an Agent Scene key; `token` gives its colour. */
  | { readonly kind: 'option'; readonly number: number; readonly label: string; readonly token: LightToken }
  | { readonly kind: 'scene'; readonly slot: number; readonly accent: LightToken; readonly status: LightToken; readonly label: string }
  | { readonly kind: 'action'; readonly action: ControlAction; readonly token: LightToken }
  | { readonly kind: 'overflow'; readonly token: LightToken }
  /** The key after the last option of a multi-select question: sends the options chosen (lit once one is). */
  | { readonly kind: 'send'; readonly token: LightToken }
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
      return `glyph:${face.caption}:${face.canvas.map((row) => row.join(',')).join(';')}`;
    case 'option':
      return `option:${face.number}:${face.token}:${face.label}`;
    case 'scene':
      return `scene:${face.slot}:${face.accent}:${face.status}:${face.label}`;
    case 'action':
      return `action:${face.action}:${face.token}`;
    case 'overflow':
      return `overflow:${face.token}`;
    case 'send':
      return `send:${face.token}`;
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
    case 'option':
      return colorOf(face.token);
    case 'action':
    case 'overflow':
    case 'send':
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
      drawGlyph(image, face.canvas, face.caption, scale);
      break;
    case 'option':
      drawOption(image, face, scale);
      break;
    case 'scene':
      if (face.accent === OFF_TOKEN) break;
      drawScene(image, face, scale);
      break;
    case 'action':
    case 'overflow':
    case 'send': {
      if (face.token === OFF_TOKEN) break;
      const background = colorOf(face.token);
      image.fill(background);
      const word = face.kind === 'action' ? ACTION_WORDS[face.action] : face.kind === 'send' ? 'SEND' : 'MORE';
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

/** The 7x8 state canvas as large square cells, centred above the caption (if any), which is white on black at the bottom. */
function drawGlyph(image: KeyImage, canvas: StateCanvas, caption: string, scale: number): void {
  const band = caption === '' ? 0 : (FONT_HEIGHT + 4) * scale;
  const height = image.height - band;
  const cell = Math.floor(Math.min(image.width / (STATE_WIDTH + 1), height / (STATE_HEIGHT + 1)));
  const left = Math.floor((image.width - cell * STATE_WIDTH) / 2);
  const top = Math.floor((height - cell * STATE_HEIGHT) / 2);
  if (caption !== '') image.text(caption, image.width / 2, height + scale, scale, WHITE);
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
  drawLabel(image, face.label, 3 * scale + FONT_HEIGHT * scale + 4, ink);
}

/** An option of the question: its number large at the top (the finger's target), its label below, on the question's colour. */
function drawOption(image: KeyImage, face: Extract<KeyFace, { kind: 'option' }>, scale: number): void {
  const background = colorOf(face.token);
  image.fill(background);
  const ink = inkFor(background);
  const numberScale = 4 * scale;
  image.text(String(face.number), image.width / 2, 3 * scale, numberScale, ink);
  drawLabel(image, face.label, 3 * scale + FONT_HEIGHT * numberScale + 4, ink);
}

/** A label in the small key font from `top`, cut to two lines of what fits the key's width. */
function drawLabel(image: KeyImage, text: string, top: number, ink: Rgb): void {
  const perLine = charactersPerLine(image.width, 1);
  const label = [...text];
  const lines = [label.slice(0, perLine).join(''), label.slice(perLine, 2 * perLine).join('')].filter((line) => line !== '');
  lines.forEach((line, index) => image.text(line, image.width / 2, top + index * (FONT_HEIGHT + 2), 1, ink));
}
