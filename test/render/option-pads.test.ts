import { describe, expect, it } from 'vitest';
import { formatHexLine } from '../../src/midi/hex-line.js';
import { mockSurface, PRO_MK1, view } from './helpers.js';
import { questionPrompt } from '../helpers/question-prompt.js';

/*
 * Option pads and tier frames on a MIDI controller (README, "Questions and
 * approval details"): steady palette colours of Visual Protocol 1 hues, no
 * text, and a canvas press answers only while options show, for the request
 * the controller showed.
 */

describe('option pads on the Launchpad Pro (pro-mk1)', () => {
  it('three options light notes 84, 64 and 44 in the question colour; presses there answer options 1–3, other canvas pads nothing', () => {
    const { surface, input, output, profile } = mockSurface(PRO_MK1);
    const white = profile.lookup.colors.get('state:waiting_for_reply:primary')!;
    surface.render(view({ selectedState: 'waiting_for_reply', prompt: questionPrompt(3) }));
    const canvasLines = output.sent.map(formatHexLine).filter((line) => line.startsWith('90 '));
    const hex = (value: number) => value.toString(16).toUpperCase().padStart(2, '0');
    for (const note of [84, 64, 44]) expect(canvasLines).toContain(`90 ${hex(note)} ${hex(white)}`);
    input.injectHex('90 40 7F'); // note 64: (3, 2), option 2
    input.injectHex('90 54 7F'); // note 84: option 1
    input.injectHex('90 4A 7F'); // note 74: (3, 1), between two options
    input.injectHex('80 40 00'); // a release
    expect(surface.pollEvents()).toEqual([
      { type: 'option_pressed', ref: 42, question: 1, option: 1 },
      { type: 'option_pressed', ref: 42, question: 1, option: 0 },
    ]);
  });

  it('eight options fill the middle column; without a question a canvas press means nothing', () => {
    const { surface, input } = mockSurface(PRO_MK1);
    surface.render(view({ selectedState: 'waiting_for_reply', prompt: questionPrompt(8) }));
    input.injectHex('90 1C 7F'); // note 28: a status pad, outside the canvas
    input.injectHex('90 0E 7F'); // note 14: (3, 7), option 8
    expect(surface.pollEvents()).toEqual([{ type: 'option_pressed', ref: 42, question: 1, option: 7 }]);
    surface.render(view({ selectedState: 'waiting_for_reply' }));
    input.injectHex('90 0E 7F');
    expect(surface.pollEvents()).toEqual([]);
  });

  it('an approval with details frames the ! in the tier colour; without a waiting state the frame is gone', () => {
    const { surface, output, profile } = mockSurface(PRO_MK1);
    const red = profile.lookup.colors.get('state:error:primary')!;
    surface.render(view({ selectedState: 'waiting_for_approval', prompt: { kind: 'approval', tier: 'destructive', tool: 'Bash', description: 'rm -rf x' } }));
    const lit = new Map(output.sent.map((bytes) => [bytes[1], bytes[2]]));
    for (const note of [81, 71, 61, 51, 41, 31, 21, 11, 87, 77, 17]) expect(lit.get(note)).toBe(red);
  });
});
