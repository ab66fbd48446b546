import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDemoCommand } from '../../src/cli/commands/demo.js';
import { makeShowCommand, type ExperienceCommandDeps } from '../../src/cli/commands/show.js';
import { runCli } from '../../src/cli/main.js';
import { loadStreamDeckLibrary } from '../../src/stream-deck/library.js';
import { captureIo } from '../helpers/capture-io.js';
import { MockSerialBinding } from '../hardware-mocks/mock-serial.js';
import { MockStreamDeck, MockStreamDeckBackend } from '../hardware-mocks/mock-stream-deck.js';
import { MextGrid } from '../hardware-mocks/mext-grid.mjs';
import { FTDI_GRID } from '../monome/helpers.js';
import { SHOW_PATH } from './helpers/files.js';

/*
 * `show` and `demo` drive monome grids and Stream Decks the way the daemon
 * does (issue #17): the same controllers are opened, a Show is drawn by
 * brightness on a grid and as one colour per key on a deck, and presses on a
 * grid answer the Demo.
 */

const CUES = 3;
const CUE_MS = 800;
/** The level cue `k` asks of grid cell (x, y): every cue differs at every cell. */
const level = (k: number, x: number, y: number) => (x + y + 3 * k + 1) % 16;

let dir: string | null = null;
afterEach(() => {
  if (dir !== null) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** A Performance Manifest 1 of CUES long cues; palette entry L is red at L·17, which a grid shows as level L. */
function writeManifest(folder: string): string {
  const packaged = JSON.parse(readFileSync(SHOW_PATH, 'utf8')) as Record<string, any>;
  const palette = Array.from({ length: 16 }, (_, l) => ({ fallback: packaged['palette'][0].fallback, rgb: [l * 17, 0, 0] }));
  const cues = Array.from({ length: CUES }, (_, k) => ({
    act: 0,
    duration_ms: CUE_MS,
    caption: `cue ${k}`,
    frame: {
      grid: Array.from({ length: 8 }, (_, y) => Array.from({ length: 8 }, (_, x) => level(k, x, y))),
      top: new Array(8).fill(0),
      right: new Array(8).fill(0),
    },
  }));
  const manifest = {
    ...packaged,
    id: 'levels',
    title: 'Levels',
    palette,
    cues,
    duration_ms: CUES * CUE_MS,
    audio: { ...packaged['audio'], duration_ms: CUES * CUE_MS },
  };
  const path = join(folder, 'levels.performance.json');
  writeFileSync(path, JSON.stringify(manifest));
  return path;
}

/** A 16x8 grid on a mock serial port and an MK.2 deck on mock HID; no MIDI at all. */
function devices() {
  const grid = new MextGrid();
  const serial = new MockSerialBinding().createPort('/dev/ttyUSB0', FTDI_GRID, (bytes) => grid.receive(bytes));
  const decks = new MockStreamDeckBackend();
  const deck = decks.plug('/dev/hidraw0', new MockStreamDeck());
  const backends: Pick<ExperienceCommandDeps, 'backend' | 'serialBackend' | 'hidBackend' | 'streamDeckLibrary'> = {
    backend: () => {
      throw new Error('no MIDI in this test');
    },
    serialBackend: () => serial,
    hidBackend: () => decks,
    streamDeckLibrary: () => loadStreamDeckLibrary(),
  };
  return { grid, serial, deck, backends };
}

/** The cues a device showed whole, in the order it showed them, from a probe run after every write. */
function shownCues(probe: () => number | null): { record(): void; readonly seen: number[] } {
  const seen: number[] = [];
  return {
    seen,
    record() {
      const cue = probe();
      if (cue !== null && seen.at(-1) !== cue) seen.push(cue);
    },
  };
}

const near = (rgb: readonly number[] | null, want: readonly number[]) => rgb?.every((v, i) => Math.abs(v - want[i]!) <= 24);

describe("show and demo on monome grids and Stream Decks (the daemon's controllers)", () => {
  it('show plays on a grid by brightness and on a deck one colour per key, every cue in order, and leaves both dark', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pl-show-gd-'));
    const manifest = writeManifest(dir);
    const { grid, serial, deck, backends } = devices();
    const onGrid = shownCues(() => {
      for (let k = 0; k < CUES; k += 1) {
        let whole = true;
        for (let y = 0; y < 8 && whole; y += 1) for (let x = 0; x < 16 && whole; x += 1) whole = grid.level(x, y) === (x < 8 ? level(k, x, y) : 0);
        if (whole) return k;
      }
      return null;
    });
    const receive = grid.receive.bind(grid);
    serial.createPort('/dev/ttyUSB0', FTDI_GRID, (bytes) => {
      const answer = receive(bytes);
      onGrid.record();
      return answer;
    });
    // MK.2 key (x, y) shows the Show's grid cell (x, y).
    const onDeck = shownCues(() => {
      for (let k = 0; k < CUES; k += 1) {
        if ([...Array(15).keys()].every((key) => near(deck.pixel(key, 36, 36), [level(k, key % 5, Math.floor(key / 5)) * 17, 0, 0]))) return k;
      }
      return null;
    });
    const write = deck.write.bind(deck);
    deck.write = async (data) => {
      const written = await write(data);
      onDeck.record();
      return written;
    };
    // The Show's clock moves only once both devices show the same cue whole: a loaded machine may draw
    // slowly, and a latest-wins pacer rightly skips a cue it could not draw in time. Devices that never
    // catch up spend the 10 s budget once, then the clock runs free and the assertions below fail.
    let now = 100;
    const budgetEnd = Date.now() + 10_000;
    const caughtUp = () => onGrid.seen.length > 0 && onGrid.seen.join() === onDeck.seen.join();
    const sleep = async (seconds: number) => {
      do await new Promise((resolve) => setTimeout(resolve, 5));
      while (!caughtUp() && Date.now() < budgetEnd);
      now += seconds;
    };
    const command = makeShowCommand({
      ...backends,
      now: () => now,
      sleep,
      interrupt: () => ({ signal: new AbortController().signal, release: () => undefined }),
    });
    const capture = captureIo();
    const code = await runCli(['show', '--manifest', manifest], capture.io, [command]);
    expect(capture.stderr()).toContain('serial: monome grid at /dev/ttyUSB0 connected as monome/grid/128');
    expect(capture.stderr()).toContain('HID: Stream Deck MK.2 at /dev/hidraw0 connected as elgato/stream-deck/mk-2');
    expect(code).toBe(0);
    expect({ grid: onGrid.seen, deck: onDeck.seen }).toEqual({ grid: [0, 1, 2], deck: [0, 1, 2] });
    // Closed at the end: the grid dark, every key black.
    expect(grid.levels.every((l) => l === 0)).toBe(true);
    expect([...Array(15).keys()].every((key) => near(deck.pixel(key, 36, 36), [0, 0, 0]))).toBe(true);
    expect(grid.errors).toEqual([]);
    expect(deck.errors).toEqual([]);
  });

  it('demo: presses on a grid answer the tour (Scene 2, approve, Scene 3, retry) and it ends finished', async () => {
    const { grid, serial, backends } = devices();
    let now = 100;
    let pressed = false;
    const command = makeDemoCommand({
      ...backends,
      hidBackend: () => new MockStreamDeckBackend(),
      now: () => now,
      sleep: async (seconds) => {
        await new Promise((resolve) => setImmediate(resolve));
        if (!pressed) {
          // Scene 2 and 3 are cells (8, 1) and (8, 2) on the 128 profile; approve (15, 0), retry (15, 6).
          serial.port('/dev/ttyUSB0').emitData([...grid.press(8, 1), ...grid.press(15, 0), ...grid.press(8, 2), ...grid.press(15, 6)]);
          pressed = true;
        }
        now += seconds;
      },
      interrupt: () => ({ signal: new AbortController().signal, release: () => undefined }),
    });
    const capture = captureIo();
    const code = await runCli(['demo', '--no-hid'], capture.io, [command]);
    expect(code).toBe(0);
    for (const title of [
      'The Reviewer needs you.',
      'Approve the review.',
      'The Tests need attention.',
      'Retry the test agent.',
      'The agents form a constellation.',
    ]) {
      expect(capture.stdout()).toContain(title);
    }
    expect(grid.errors).toEqual([]);
  });

  it('grid and deck flags need the controllers: with --surface web they are a usage error', async () => {
    const capture = captureIo();
    const code = await runCli(['show', '--surface', 'web', '--grid', '/dev/ttyACM0', '--no-hid'], capture.io, [
      makeShowCommand(devices().backends as ExperienceCommandDeps),
    ]);
    expect(code).toBe(2);
    expect(capture.stderr()).toContain('--grid, --no-hid need --surface midi or both');
  });
});
