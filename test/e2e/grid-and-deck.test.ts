import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PadLatticeClient } from '../../src/client/index.js';
import { startDaemon } from '../../src/daemon/daemon.js';
import type { SurfaceDriver } from '../../src/domain/index.js';
import { gridDriver } from '../../src/monome/grid-driver.js';
import { deckDriver } from '../../src/stream-deck/deck-driver.js';
import { hubOfDrivers } from '../helpers/hub.js';
import { makeIdentity } from '../../src/domain/index.js';
import { deckProfiles, gridProfiles, loadCatalog } from '../../src/profiles/index.js';
import { createSerialportBackend } from '../../src/serial/serialport-backend.js';
import { loadStreamDeckLibrary } from '../../src/stream-deck/library.js';
import { recordingLogger } from '../midi-grid/helpers.js';
import { FakeGridProcess } from '../hardware-mocks/fake-grid.js';
import { MockStreamDeck, MockStreamDeckBackend } from '../hardware-mocks/mock-stream-deck.js';
import { BUILTIN_ROOT } from '../monome/helpers.js';
import { LICENSE_QUESTION } from '../helpers/question-prompt.js';
import { eventually, tempFolder } from './helpers.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The 128 profile's cells: approve in column 15, Scenes in column 8. */
const APPROVE = [15, 0] as const;
const SCENE = (slot: number) => [8, slot] as const;
/** The MK.2 profile's keys: Scene 1 is key 1, Scene 2 key 2, approve key 10. */
const DECK_APPROVE = 10;
const DECK_SCENE = (slot: number) => slot + 1;

const green = (rgb: readonly number[] | null) => rgb !== null && rgb[1]! > 150 && rgb[0]! < 120;
/** The question's white (#f2f5f7) of an option key. */
// biome-ignore lint/complexity/useOptionalChain: a missing key must be false, not undefined
const questionWhite = (rgb: readonly number[] | null) => rgb !== null && rgb.every((value) => value > 200);

async function daemonWith(drivers: readonly SurfaceDriver[]) {
  const { dir, remove } = tempFolder('pl-sh-');
  cleanups.push(remove);
  const hubLog = recordingLogger();
  const hub = hubOfDrivers(drivers, hubLog);
  const daemonLog = recordingLogger();
  const handle = await startDaemon({ socketPath: join(dir, 'd.sock'), surfaces: hub, logger: daemonLog, identityStorePath: null });
  cleanups.push(() => handle.close());
  const client = new PadLatticeClient({ socketPath: handle.socketPath, timeoutMs: 5000 });
  return { dir, hub, hubLog, daemonLog, client };
}

async function grid(dir: string, name = 'grid'): Promise<FakeGridProcess> {
  const fake = await FakeGridProcess.start(join(dir, name), join(dir, `${name}.ctl`));
  cleanups.push(() => fake.unplug());
  return fake;
}

const surfaceProfiles = async () => (await loadCatalog({ builtinRoot: BUILTIN_ROOT })).surfaces;

describe('a monome grid through a real pseudo-terminal pair', () => {
  it('the daemon opens the fake grid process with serialport, shows the agent and routes a press once', async () => {
    const catalog = await surfaceProfiles();
    const { dir, remove } = tempFolder('pl-grid-');
    cleanups.push(remove);
    const link = join(dir, 'grid');
    const { client, hub } = await daemonWith([
      gridDriver({ backend: createSerialportBackend, paths: [link], profiles: () => gridProfiles(catalog), scanIntervalMs: 100 }),
    ]);
    const fake = await grid(dir);
    const agent = makeIdentity('e2e', 'grid');
    await client.reportState('waiting_for_approval', { agent, reply: true });
    const subscription = await client.subscribeActions({ agent, actions: ['approve', 'reject'] });
    cleanups.push(() => subscription.close());
    await eventually(async () => (await fake.level(...APPROVE)) === 12, 'approve to light on the grid');
    expect((await client.status()).surfaces).toEqual([
      { kind: 'serial', profile: 'monome/grid/128', visualProtocol: 1, input: `${link} (m1000123)`, output: `${link} (m1000123)` },
    ]);
    await fake.press(...APPROVE);
    expect(await subscription.receive(5000)).toEqual({ action: 'approve', agent, requestId: null });
    expect((await fake.state()).errors).toEqual([]);
    expect(hub.descriptors).toHaveLength(1);
  });
});

describe('a question answered on a mock Stream Deck alone, through the daemon', () => {
  it('an option key answers the asking connection with the 0-based option of the key pressed, and the answered question leaves the keys', async () => {
    const catalog = await surfaceProfiles();
    const decks = new MockStreamDeckBackend();
    const deck = decks.plug('/dev/hidraw-mock1');
    const { client, hub } = await daemonWith([
      deckDriver({ backend: () => decks, library: () => loadStreamDeckLibrary(), profiles: () => deckProfiles(catalog), scanIntervalMs: 100 }),
    ]);
    const agent = makeIdentity('e2e', 'asks');
    await client.reportState('waiting_for_reply', { agent, reply: true });
    const request = await client.askQuestions({ agent, questions: [LICENSE_QUESTION] });
    cleanups.push(() => request.close());
    await eventually(
      () => hub.descriptors.length === 1 && questionWhite(deck.pixel(DECK_SCENE(2), 2, 2)) && !questionWhite(deck.pixel(DECK_SCENE(3), 2, 2)),
      'three option keys on the deck',
    );
    deck.press(DECK_SCENE(1)); // option 2, Apache-2.0
    expect(await request.receive(5000)).toEqual({ agent, requestId: request.requestId, question: 0, option: 1, options: [1] });
    await eventually(() => !questionWhite(deck.pixel(DECK_SCENE(1), 2, 2)), 'the answered question to leave the keys');
    expect(deck.errors).toEqual([]);
  });
});

describe('Must show: a fake monome grid on a pty and a mock Stream Deck on one daemon', () => {
  it('both show the waiting agent; a press on either selects and approves once; either can vanish mid-frame and return repainted', async () => {
    const catalog = await surfaceProfiles();
    const { dir, remove } = tempFolder('pl-both-');
    cleanups.push(remove);
    const link = join(dir, 'grid');
    const decks = new MockStreamDeckBackend();
    let deck = decks.plug('/dev/hidraw-mock0');
    const { client, hub, hubLog, daemonLog } = await daemonWith([
      gridDriver({ backend: createSerialportBackend, paths: [link], profiles: () => gridProfiles(catalog), scanIntervalMs: 100 }),
      deckDriver({ backend: () => decks, library: () => loadStreamDeckLibrary(), profiles: () => deckProfiles(catalog), scanIntervalMs: 100 }),
    ]);
    let fake = await grid(dir);
    const first = makeIdentity('e2e', 'first');
    const second = makeIdentity('e2e', 'second');
    await client.reportState('running', { agent: first, reply: true });
    await client.reportState('waiting_for_approval', { agent: second, reply: true });
    const subscription = await client.subscribeActions({ agent: second, actions: ['approve', 'reject'] });
    cleanups.push(() => subscription.close());
    await eventually(() => hub.descriptors.length === 2, 'both devices to open');
    expect((await client.status()).surfaces.map((surface) => surface.kind).sort()).toEqual(['hid', 'serial']);

    // The first agent is selected (it came first): select the waiting one on the deck, approve on the grid.
    deck.press(DECK_SCENE(1));
    await eventually(
      async () => (await fake.level(...SCENE(1))) === 15 && (await fake.level(...APPROVE)) === 12,
      'the grid to show the waiting agent selected',
    );
    await eventually(() => green(deck.pixel(DECK_APPROVE, 2, 2)), 'approve to light on the deck');
    await fake.press(...APPROVE);

    expect(await subscription.receive(5000)).toEqual({ action: 'approve', agent: second, requestId: null });

    // Again waiting: this time select on the grid and approve on the deck; exactly one action each time.
    await client.reportState('running', { agent: second, reply: true });
    await client.reportState('waiting_for_approval', { agent: second, reply: true });
    await fake.press(...SCENE(0));
    await eventually(async () => (await fake.level(...APPROVE)) === 0 && !green(deck.pixel(DECK_APPROVE, 2, 2)), 'the running agent selected: approve dark');
    await fake.press(...SCENE(1));
    await eventually(() => green(deck.pixel(DECK_APPROVE, 2, 2)), 'approve to light on the deck again');
    // The control plane drops a second approve for the same agent within 0.25 s (control-plane.md §12.4).
    await new Promise((resolve) => setTimeout(resolve, 300));
    deck.press(DECK_APPROVE);
    expect(await subscription.receive(5000)).toEqual({ action: 'approve', agent: second, requestId: null });
    const extra = await subscription.receive(300).then(
      (event) => event,
      (error: unknown) => error,
    );
    expect(extra).not.toHaveProperty('action');

    // Unplug the grid in the middle of a frame: the deck and the daemon carry on.
    await client.reportState('waiting_for_approval', { agent: first, reply: true });
    await fake.unplug();
    await eventually(() => hub.descriptors.length === 1, 'the grid to be dropped');
    expect(hubLog.text()).toMatch(/serial: (lost monome grid|monome grid at .* disconnected)/);
    await client.reportState('error', { agent: first, reply: true });
    await client.ping();
    expect((await client.status()).surfaces.map((surface) => surface.kind)).toEqual(['hid']);

    // Plug it back: it is found at the same path and repainted with the current view.
    fake = await grid(dir, 'grid');
    await eventually(async () => hub.descriptors.length === 2 && (await fake.level(...SCENE(0))) !== 0, 'the grid to return repainted');
    // The daemon paints the newest view on its next tick, which may come just after the replug.
    await eventually(async () => (await fake.level(7, 0)) === 9, "slot 0's status to show error");

    // Unplug the deck while it is drawing a frame (at its first image page): the grid carries on.
    const writes = deck.write.bind(deck);
    let pages = 0;
    const doomed = deck;
    doomed.write = async (data) => {
      if ((pages += 1) === 1) decks.unplug('/dev/hidraw-mock0');
      return writes(data);
    };
    await client.reportState('user_typing', { agent: first, reply: true });
    await eventually(() => hub.descriptors.length === 1, 'the deck to be dropped');
    expect(hubLog.text()).toMatch(/HID: lost Stream Deck MK.2 at \/dev\/hidraw-mock0/);
    await eventually(async () => (await fake.level(7, 0)) === 7, 'the grid to keep showing updates'); // slot 0: user_typing

    deck = decks.plug('/dev/hidraw-mock0', new MockStreamDeck());
    await eventually(() => hub.descriptors.length === 2 && deck.imageCounts.every((count) => count > 0), 'the deck to return repainted');
    expect((await fake.state()).errors).toEqual([]);
    expect(deck.errors).toEqual([]);
    expect(daemonLog.lines.filter((line) => line.startsWith('error'))).toEqual([]);
  });
});
