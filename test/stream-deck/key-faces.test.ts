import { describe, expect, it } from 'vitest';
import { makeSurfaceView } from '../../src/domain/index.js';
import { drawFace, type KeyFace } from '../../src/stream-deck/key-faces.js';
import type { KeyImage, Rgb } from '../../src/stream-deck/key-image.js';
import { compileVisualFrame, optionToken } from '../../src/visual-protocol/index.js';

const option = (number: number, label: string): KeyFace => ({ kind: 'option', number, label, token: optionToken(number) });

/** The rows (inclusive) in which a pixel of `color` appears within rows [from, to). */
function rowsWith(image: KeyImage, color: Rgb, from = 0, to = image.height): { first: number; last: number } | null {
  let first = -1;
  let last = -1;
  for (let y = from; y < to; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const [r, g, b] = image.pixel(x, y);
      if (r === color[0] && g === color[1] && b === color[2]) {
        if (first < 0) first = y;
        last = y;
        break;
      }
    }
  }
  return first < 0 ? null : { first, last };
}

const region = (image: KeyImage, from: number, to: number) => image.data.slice(from * image.width * 3, to * image.width * 3);
const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

describe('Stream Deck key faces: option keys and the glyph caption', () => {
  it('an option key (72 px) is the question colour, its number large in black at the top and its label below in the Scene label font', () => {
    const face = drawFace(option(1, 'MIT'), 72, 72);
    // The question's colour: the white of the `?` (state:waiting_for_reply:primary, #f2f5f7), as on the grids' option pads.
    expect(face.pixel(1, 1)).toEqual([0xf2, 0xf5, 0xf7]);
    // The "1" is 4x the label font: seven font rows of 4 px, rows 3–30.
    expect(rowsWith(face, BLACK, 0, 33)).toEqual({ first: 3, last: 30 });
    // The label: one line of the 7-px font from row 35.
    expect(rowsWith(face, BLACK, 33, 72)).toEqual({ first: 35, last: 41 });
  });

  it('the number and the label are what differs between option keys; a long label is cut to two lines', () => {
    const one = drawFace(option(1, 'MIT'), 72, 72);
    const two = drawFace(option(2, 'MIT'), 72, 72);
    const other = drawFace(option(1, 'GPL'), 72, 72);
    expect(region(one, 0, 33)).not.toEqual(region(two, 0, 33));
    expect(region(one, 33, 72)).toEqual(region(two, 33, 72));
    expect(region(one, 0, 33)).toEqual(region(other, 0, 33));
    expect(region(one, 33, 72)).not.toEqual(region(other, 33, 72));
    const long = drawFace(option(3, 'Apache-2.0 with a patent grant'), 72, 72);
    expect(rowsWith(long, BLACK, 33, 72)).toEqual({ first: 35, last: 50 });
  });

  it('the glyph key names the mode in a white caption under a smaller glyph, and is unchanged without one', () => {
    const canvas = compileVisualFrame(makeSurfaceView({ selectedState: 'waiting_for_reply' }), 8).state;
    const plain = drawFace({ kind: 'glyph', canvas, caption: '' }, 72, 72);
    const options = drawFace({ kind: 'glyph', canvas, caption: 'OPTIONS' }, 72, 72);
    const scenes = drawFace({ kind: 'glyph', canvas, caption: 'SCENES' }, 72, 72);
    expect(rowsWith(plain, WHITE)).toBeNull();
    expect(rowsWith(options, WHITE)).toEqual({ first: 62, last: 68 });
    expect(region(options, 61, 72)).not.toEqual(region(scenes, 61, 72));
    // The glyph keeps to the rows above the caption.
    const ink = rowsWith(options, [0xf2, 0xf5, 0xf7]);
    expect(ink !== null && ink.last < 61).toBe(true);
  });
});
