import { describe, expect, it } from 'vitest';
import { makeSurfaceView, optionPressed, sessionSelected, type SurfacePrompt, type SurfaceView } from '../../src/domain/index.js';
import type { DeckSurface } from '../../src/stream-deck/deck-surface.js';
import { drawFace, type KeyFace } from '../../src/stream-deck/key-faces.js';
import { chosenOptionToken, compileVisualFrame, optionToken, SEND_TOKEN } from '../../src/visual-protocol/index.js';
import { questionPrompt } from '../helpers/question-prompt.js';
import { digest, fakeDeck, type FakeDeckPanel } from './fake-panel.js';

/** The MK.2 profile: glyph key 0, Agent Scenes 1–8 on keys 1–4 and 6–9. */
const SCENE_KEYS = [1, 2, 3, 4, 6, 7, 8, 9];
const GLYPH_KEY = 0;

const view = (prompt?: SurfacePrompt): SurfaceView =>
  makeSurfaceView({
    selectedState: 'waiting_for_reply',
    sessions: [
      { slot: 0, state: 'waiting_for_reply', selected: true, accent: 'cyan', label: 'docs' },
      { slot: 1, state: 'running', accent: 'magenta', label: 'api' },
    ],
    ...(prompt === undefined ? {} : { prompt }),
  });

const withIndex = (prompt: SurfacePrompt, ref: number, questionIndex: number): SurfacePrompt =>
  prompt.kind === 'question' ? { ...prompt, ref, questionIndex } : prompt;

/** The `?` of waiting_for_reply, as the glyph key shows it without a question. */
const QUESTION_MARK = compileVisualFrame(view(), 8).state;

const optionFace = (number: number, label: string): KeyFace => ({ kind: 'option', number, label, token: optionToken(number) });
const image = (face: KeyFace, size = 72) => digest(drawFace(face, size, size).data);
const dark = (size = 72) => digest(new Uint8Array(size * size * 3));
/** Every pending repaint done: the fake panel's writes resolve at once, so the draws finish before the next macrotask. */
const drawn = () => new Promise((resolve) => setImmediate(resolve));

/** What the Scene keys of an MK.2 show for `shown` when no question waits: the reference the Scenes mode must match. */
async function sceneImages(shown: SurfaceView): Promise<string[]> {
  const { panel, surface } = await fakeDeck('elgato/stream-deck/mk-2');
  await surface.render(shown);
  return SCENE_KEYS.map((key) => panel.images.get(key)!);
}

const sceneKeyImages = (panel: FakeDeckPanel) => SCENE_KEYS.map((key) => panel.images.get(key));

/** No question on the keys: the glyph key redraws nothing, Scene 1's key selects Scene 1. */
async function expectNoQuestionKeys(panel: FakeDeckPanel, surface: DeckSurface): Promise<void> {
  const before = new Map(panel.images);
  panel.press(GLYPH_KEY);
  await drawn();
  expect(panel.images).toEqual(before);
  panel.press(1);
  expect(surface.pollEvents()).toEqual([sessionSelected(0)]);
}

describe('a question on a Stream Deck (README "Questions and approval details")', () => {
  it('turns the Agent Scene keys into option keys — number and label on the question colour, the rest dark — and keeps the ? on the glyph key', async () => {
    const { panel, surface } = await fakeDeck('elgato/stream-deck/mk-2');
    await surface.render(view(questionPrompt(3)));
    expect(panel.images.get(1)).toEqual(image(optionFace(1, 'o0')));
    expect(panel.images.get(2)).toEqual(image(optionFace(2, 'o1')));
    expect(panel.images.get(3)).toEqual(image(optionFace(3, 'o2')));
    for (const key of [4, 6, 7, 8, 9]) expect(panel.images.get(key)).toEqual(dark());
    expect(panel.images.get(GLYPH_KEY)).toEqual(image({ kind: 'glyph', canvas: QUESTION_MARK, caption: 'OPTIONS' }));
  });

  it('a press on option key i sends exactly one option_pressed for option i (0-based) of the shown question; dark keys and the glyph send nothing', async () => {
    const { panel, surface } = await fakeDeck('elgato/stream-deck/mk-2');
    await surface.render(view(questionPrompt(3)));
    panel.press(2);
    panel.press(4); // past the last option: dark
    panel.press(1);
    expect(surface.pollEvents()).toEqual([optionPressed(42, 1, 1), optionPressed(42, 1, 0)]);
    panel.press(GLYPH_KEY);
    panel.press(GLYPH_KEY);
    expect(surface.pollEvents()).toEqual([]);
  });

  it('a multi-select question: chosen options green, a SEND key after the last option lit once one is chosen; a press on it is the Send pad', async () => {
    const { panel, surface } = await fakeDeck('elgato/stream-deck/mk-2');
    const multi = questionPrompt(3);
    if (multi.kind !== 'question') throw new Error('a question');
    const asked = { ...multi, question: { ...multi.question, multiSelect: true } };
    await surface.render(view(asked));
    expect(panel.images.get(4)).toEqual(dark());
    await surface.render(view({ ...asked, selected: [1] }));
    expect(panel.images.get(2)).toEqual(image({ kind: 'option', number: 2, label: 'o1', token: chosenOptionToken(2) }));
    expect(panel.images.get(1)).toEqual(image(optionFace(1, 'o0')));
    expect(panel.images.get(4)).toEqual(image({ kind: 'send', token: SEND_TOKEN }));
    panel.press(4);
    panel.press(6); // past Send: dark
    expect(surface.pollEvents()).toEqual([optionPressed(42, 1, 3)]);
  });

  it('the glyph key swaps the Scene keys between options and Scenes at once, so a deck alone can still switch agents', async () => {
    const scenes = await sceneImages(view());
    const { panel, surface } = await fakeDeck('elgato/stream-deck/mk-2');
    await surface.render(view(questionPrompt(3)));
    panel.press(GLYPH_KEY);
    await drawn();
    expect(sceneKeyImages(panel)).toEqual(scenes);
    expect(panel.images.get(GLYPH_KEY)).toEqual(image({ kind: 'glyph', canvas: QUESTION_MARK, caption: 'SCENES' }));
    panel.press(2);
    expect(surface.pollEvents()).toEqual([sessionSelected(1)]);
    // The same question in a later view keeps the Scenes the user asked for.
    await surface.render(view(questionPrompt(3)));
    expect(sceneKeyImages(panel)).toEqual(scenes);
    panel.press(GLYPH_KEY);
    await drawn();
    expect(panel.images.get(1)).toEqual(image(optionFace(1, 'o0')));
    panel.press(1);
    expect(surface.pollEvents()).toEqual([optionPressed(42, 1, 0)]);
  });

  it('a new question (another question of the request, or another request) shows its options again', async () => {
    const { panel, surface } = await fakeDeck('elgato/stream-deck/mk-2');
    await surface.render(view(questionPrompt(3)));
    panel.press(GLYPH_KEY);
    await drawn();
    await surface.render(view(withIndex(questionPrompt(2), 42, 0)));
    expect(panel.images.get(1)).toEqual(image(optionFace(1, 'o0')));
    expect(panel.images.get(3)).toEqual(dark());
    panel.press(2);
    expect(surface.pollEvents()).toEqual([optionPressed(42, 0, 1)]);
    panel.press(GLYPH_KEY);
    await drawn();
    await surface.render(view(withIndex(questionPrompt(2), 43, 0)));
    panel.press(1);
    expect(surface.pollEvents()).toEqual([optionPressed(43, 0, 0)]);
  });

  it('when the question goes away the keys are Scenes again, the glyph without a caption, and the glyph key does nothing', async () => {
    const scenes = await sceneImages(view());
    const { panel, surface } = await fakeDeck('elgato/stream-deck/mk-2');
    await surface.render(view(questionPrompt(3)));
    await surface.render(view());
    expect(sceneKeyImages(panel)).toEqual(scenes);
    expect(panel.images.get(GLYPH_KEY)).toEqual(image({ kind: 'glyph', canvas: QUESTION_MARK, caption: '' }));
    await expectNoQuestionKeys(panel, surface);
    // Toggled to Scenes, then the question left and came back: it shows its options first.
    await surface.render(view(questionPrompt(3)));
    panel.press(GLYPH_KEY);
    await drawn();
    await surface.render(view());
    await surface.render(view(questionPrompt(3)));
    expect(panel.images.get(1)).toEqual(image(optionFace(1, 'o0')));
  });

  it('during a Show the Scene keys answer nothing and the glyph key swaps nothing', async () => {
    const { panel, surface } = await fakeDeck('elgato/stream-deck/mk-2');
    await surface.render(view(questionPrompt(3)));
    const dim = { token: 'off', rgb: [0, 0, 0] as const };
    await surface.renderShowFrame({
      grid: Array.from({ length: 8 }, () => new Array(8).fill(dim)),
      top: new Array(8).fill(dim),
      right: new Array(8).fill(dim),
    });
    await expectNoQuestionKeys(panel, surface);
  });

  it('a Mini (two Scene keys) shows options 1 and 2 only; the others stay with the other surfaces', async () => {
    const { panel, surface } = await fakeDeck('elgato/stream-deck/mini', 80);
    await surface.render(view(questionPrompt(4)));
    expect(panel.images.get(1)).toEqual(image(optionFace(1, 'o0'), 80));
    expect(panel.images.get(2)).toEqual(image(optionFace(2, 'o1'), 80));
    panel.press(2);
    panel.press(1);
    expect(surface.pollEvents()).toEqual([optionPressed(42, 1, 1), optionPressed(42, 1, 0)]);
  });
});
