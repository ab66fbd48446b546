import { hubOfDrivers } from '../helpers/hub.js';
import { describe, expect, it } from 'vitest';
import {
  actionPressed,
  actionReleased,
  makeShowColor,
  makeSurfaceView,
  optionPressed,
  sessionSelected,
  type SurfaceEvent,
  type SurfaceView,
} from '../../src/domain/index.js';
import { deckDriver } from '../../src/stream-deck/deck-driver.js';
import { deckProfiles, loadCatalog } from '../../src/profiles/index.js';
import { loadStreamDeckLibrary } from '../../src/stream-deck/library.js';
import { MockStreamDeck, MockStreamDeckBackend, XL } from '../hardware-mocks/mock-stream-deck.js';
import { recordingLogger } from '../midi-grid/helpers.js';
import { BUILTIN_ROOT, eventually } from '../monome/helpers.js';
import { questionPrompt } from '../helpers/question-prompt.js';

const approvalView = (): SurfaceView =>
  makeSurfaceView({
    selectedState: 'waiting_for_approval',
    sessions: [
      { slot: 0, state: 'waiting_for_approval', selected: true, accent: 'cyan', label: 'docs' },
      { slot: 1, state: 'running', accent: 'magenta', label: 'api' },
    ],
    availableActions: ['approve', 'reject'],
  });

async function deckHub(backend: MockStreamDeckBackend) {
  const profiles = deckProfiles((await loadCatalog({ builtinRoot: BUILTIN_ROOT })).surfaces);
  const logger = recordingLogger();
  const hub = hubOfDrivers(
    [deckDriver({ backend: () => backend, library: () => loadStreamDeckLibrary(), profiles: () => profiles, frameIntervalMs: 10, scanIntervalMs: 60_000 })],
    logger,
  );
  return { hub, logger };
}

const close = (a: readonly number[] | null, b: readonly number[]) => a?.every((v, i) => Math.abs(v - b[i]!) <= 24);

describe('a Stream Deck through the library, on a mock HID device', () => {
  it('draws the glyph, one Scene per agent in its colour, and lights only the available actions (MK.2, 72 px keys)', async () => {
    const backend = new MockStreamDeckBackend();
    const deck = backend.plug('/dev/hidraw7');
    const { hub, logger } = await deckHub(backend);
    hub.render(approvalView());
    await hub.scanNow();
    expect(hub.descriptors).toEqual([
      { kind: 'hid', profile: 'elgato/stream-deck/mk-2', visualProtocol: 1, input: 'Stream Deck MK.2 /dev/hidraw7', output: 'Stream Deck MK.2 /dev/hidraw7' },
    ]);
    expect(logger.text()).toContain('HID: Stream Deck MK.2 at /dev/hidraw7 connected as elgato/stream-deck/mk-2');
    await eventually(() => hub.settled && deck.imageCounts.every((count) => count > 0), 'every key to get an image');
    expect(deck.brightness).toBe(70);
    // Key 1 (Scene 1): cyan (#00AEBB) background; key 2 (Scene 2): dimmed magenta; key 3: no agent, dark.
    expect(close(deck.pixel(1, 2, 30), [0, 174, 187])).toBe(true);
    expect(close(deck.pixel(2, 2, 30), [96, 30, 96])).toBe(true);
    expect(close(deck.pixel(3, 36, 36), [0, 0, 0])).toBe(true);
    // Scene 1's state bar at the bottom: approval's summary colour #9c7628.
    expect(close(deck.pixel(1, 36, 70), [0x9c, 0x76, 0x28])).toBe(true);
    // Approve (key 10) green, reject (11) red, retry (13) and stop (14) dark.
    expect(close(deck.pixel(10, 2, 2), [0x55, 0xc7, 0x6a])).toBe(true);
    expect(close(deck.pixel(11, 2, 2), [0xef, 0x5b, 0x64])).toBe(true);
    expect(close(deck.pixel(13, 2, 2), [0, 0, 0]) && close(deck.pixel(14, 2, 2), [0, 0, 0])).toBe(true);
    // The glyph key: the "!" of waiting_for_approval (column 3, rows 0 and 7 lit, row 5 dark) in #f0b63f.
    expect(close(deck.pixel(0, 36 - 4 + 2, 4 + 2), [0xf0, 0xb6, 0x3f])).toBe(true);
    expect(close(deck.pixel(0, 36 - 4 + 2, 4 + 5 * 8 + 2), [0, 0, 0])).toBe(true);
    expect(deck.errors).toEqual([]);
    hub.close();
  });

  it('redraws only keys whose face changed, and maps key downs to Scenes and actions', async () => {
    const backend = new MockStreamDeckBackend();
    const deck = backend.plug('/dev/hidraw7');
    const { hub } = await deckHub(backend);
    await hub.scanNow();
    hub.render(approvalView());
    await eventually(() => hub.settled && deck.imageCounts.every((count) => count > 0), 'the first frame');
    const before = [...deck.imageCounts];
    hub.render(
      makeSurfaceView({
        ...approvalView(),
        sessions: approvalView().sessions.map((s) => ({ ...s, selected: s.slot === 1 })),
        selectedState: 'running',
        availableActions: ['stop'],
      }),
    );
    await eventually(() => hub.settled, 'the second frame');
    const redrawn = deck.imageCounts.flatMap((count, key) => (count > before[key]! ? [key] : []));
    expect(redrawn).toEqual([0, 1, 2, 10, 11, 14]); // glyph, both Scenes, approve/reject off, stop on
    // The bitmaps: approve, no longer available, is dark; stop, now available, is lit.
    expect(close(deck.pixel(10, 2, 2), [0, 0, 0])).toBe(true);
    expect(close(deck.pixel(14, 2, 2), [0, 0, 0])).toBe(false);
    deck.press(14);
    deck.press(2);
    deck.press(12); // a key without a role
    await new Promise((resolve) => setTimeout(resolve, 50));
    // An action key up is its release (what hold to approve reads); other keys mean nothing when they come up.
    expect(hub.pollEvents()).toEqual([actionPressed('stop'), actionReleased('stop'), sessionSelected(1)]);
    hub.close();
  });

  it('a question: the Scene keys become option keys in the question colour, a press answers, the glyph key swaps back to Scenes', async () => {
    const backend = new MockStreamDeckBackend();
    const deck = backend.plug('/dev/hidraw7');
    const { hub } = await deckHub(backend);
    await hub.scanNow();
    hub.render(makeSurfaceView({ ...approvalView(), selectedState: 'waiting_for_reply', availableActions: [], prompt: questionPrompt(3) }));
    await eventually(() => hub.settled && deck.imageCounts.every((count) => count > 0), 'the question frame');
    // Keys 1-3: options 1-3 on the question's white (#f2f5f7); key 4 (a fourth Scene, no option) dark.
    for (const key of [1, 2, 3]) expect(close(deck.pixel(key, 2, 2), [0xf2, 0xf5, 0xf7])).toBe(true);
    expect(close(deck.pixel(4, 2, 2), [0, 0, 0])).toBe(true);
    const events: SurfaceEvent[] = [];
    deck.press(2);
    await eventually(() => events.push(...hub.pollEvents()) > 0, 'the option press');
    expect(events).toEqual([optionPressed(42, 1, 1)]);
    const before = deck.imageCounts[1]!;
    deck.press(0);
    await eventually(() => deck.imageCounts[1]! > before, 'the Scenes to come back on the glyph key');
    expect(close(deck.pixel(1, 2, 30), [0, 174, 187])).toBe(true); // Scene 1 in cyan again
    deck.press(1);
    await eventually(() => events.push(...hub.pollEvents()) > 1, 'the Scene press');
    expect(events).toEqual([optionPressed(42, 1, 1), sessionSelected(0)]);
    expect(deck.errors).toEqual([]);
    hub.close();
  });

  it("plays a Show as one light per key from the grid's top-left", async () => {
    const backend = new MockStreamDeckBackend();
    const deck = backend.plug('/dev/hidraw7');
    const { hub } = await deckHub(backend);
    await hub.scanNow();
    const dark = makeShowColor('off', [0, 0, 0]);
    const grid = Array.from({ length: 8 }, (_, y) =>
      Array.from({ length: 8 }, (_, x) => (x === 1 && y === 2 ? makeShowColor('state:error:primary', [230, 20, 20]) : dark)),
    );
    hub.renderShowFrame({ grid, top: new Array(8).fill(dark), right: new Array(8).fill(dark) });
    await eventually(() => hub.settled && deck.imageCounts.every((count) => count > 0), 'the Show frame');
    expect(close(deck.pixel(11, 36, 36), [230, 20, 20])).toBe(true); // key 11 is column 1, row 2
    expect(close(deck.pixel(1, 36, 36), [0, 0, 0])).toBe(true);
    hub.close();
  });

  it('a model with bigger keys (XL, 96 px) gets images at its size; an unplugged deck is dropped and repainted on return', async () => {
    const backend = new MockStreamDeckBackend();
    const deck = backend.plug('/dev/hidraw9', new MockStreamDeck(XL));
    const { hub, logger } = await deckHub(backend);
    hub.render(approvalView());
    await hub.scanNow();
    expect(hub.descriptors[0]?.profile).toBe('elgato/stream-deck/xl');
    await eventually(() => hub.settled && deck.imageCounts.every((count) => count > 0), 'the XL frame');
    expect(deck.errors).toEqual([]);
    backend.unplug('/dev/hidraw9');
    await eventually(() => hub.descriptors.length === 0, 'the deck to be dropped');
    expect(logger.text()).toMatch(/HID: lost Stream Deck XL at \/dev\/hidraw9/);
    const again = backend.plug('/dev/hidraw9', new MockStreamDeck(XL));
    await hub.scanNow();
    await eventually(() => hub.descriptors.length === 1 && hub.settled && again.imageCounts.every((count) => count > 0), 'the repaint');
    hub.close();
  });
});
