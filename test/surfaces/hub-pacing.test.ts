import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeShowColor, makeSurfaceView, type ShowFrame } from '../../src/domain/index.js';
import { MidiSurface } from '../../src/midi-grid/midi-surface.js';
import type { MockMidiOutput } from '../hardware-mocks/mock-midi.js';
import type { ManualTimers } from '../helpers/manual-timers.js';
import { PRO_MK1, PRO_STANDALONE, approvalView, autoSelection, mockHub, profile } from '../midi-grid/helpers.js';

const FRAMES = 1000;
const FRAME_INTERVAL_MS = 20;

/** Frame `i`: every light a colour no other frame uses (red = i mod 64, green = i div 64, in Pro Mk1 steps of 4). */
function frameNumber(i: number): ShowFrame {
  const color = makeShowColor('accent:orange:selected', [(i % 64) * 4, Math.floor(i / 64) * 4, 255]);
  const row = () => Array.from({ length: 8 }, () => color);
  return { grid: Array.from({ length: 8 }, row), top: row(), right: row() };
}

/** A port that needs `msPerByte` of the clock for every byte it is handed (its send blocks that long). */
function makeSlow(output: MockMidiOutput, timers: ManualTimers, msPerByte: number): void {
  const send = output.send.bind(output);
  output.send = (message) => {
    timers.spend(message.length * msPerByte);
    send(message);
  };
}

/** The colour the device shows on LED 81 (the top-left pad), from the RGB SysEx groups it received. */
function shownOnTopLeft(output: MockMidiOutput): number[] | undefined {
  let shown: number[] | undefined;
  for (const message of output.sent) {
    if (message[6] !== 0x0b) continue; // Pro Mk1 RGB: F0 00 20 29 02 10 0B (LED R G B)… F7
    for (let at = 7; at + 3 < message.length; at += 4) if (message[at] === 81) shown = [...message.subarray(at + 1, at + 4)];
  }
  return shown;
}

afterEach(() => vi.restoreAllMocks());

describe('flood-safe output (issue #16)', () => {
  it('a slow controller shows the newest frame, never a backlog: at most one frame per interval, latest wins', async () => {
    const drawn: ShowFrame[] = [];
    const draw = MidiSurface.prototype.renderShowFrame;
    vi.spyOn(MidiSurface.prototype, 'renderShowFrame').mockImplementation(function (this: MidiSurface, frame) {
      drawn.push(frame);
      draw.call(this, frame);
    });
    const { hub, backend, timers } = mockHub(autoSelection(profile(PRO_MK1)), { frameIntervalMs: FRAME_INTERVAL_MS });
    backend.plug(PRO_STANDALONE);
    hub.initialize();
    await hub.idle();
    const output = backend.openedOutputs[0]!;
    makeSlow(output, timers, 0.1); // 10 bytes per ms: a full RGB frame (two SysEx, 334 bytes) blocks for 33 ms
    const frames = Array.from({ length: FRAMES }, (_, i) => frameNumber(i));
    output.clearSent();

    const started = timers.now();
    for (const frame of frames) {
      hub.renderShowFrame(frame);
      timers.advance(1);
      await hub.idle(); // 1000 frames a second
    }
    const flooded = timers.now() - started;
    timers.advance(FRAME_INTERVAL_MS + 100);
    await hub.idle();

    const indices = drawn.map((frame) => frames.indexOf(frame));
    // Never an older frame after a newer one, and the last one drawn is the newest.
    expect(indices).toEqual([...indices].sort((a, b) => a - b));
    expect(indices.at(-1)).toBe(FRAMES - 1);
    // Each draw costs the interval plus the time the slow port blocked: far fewer frames than were offered.
    expect(indices.length).toBeLessThanOrEqual(Math.ceil(flooded / (FRAME_INTERVAL_MS + 33)) + 1);
    expect(indices.length).toBeGreaterThan(5);
    // The device ends on the newest colour: frame 999 → (999 mod 64)·4, (999 div 64)·4, 255 at 63 levels.
    const last = frameNumber(FRAMES - 1).grid[0]![0]!.rgb;
    expect(shownOnTopLeft(output)).toEqual(last.map((c) => Math.round((c * 63) / 255)));
    // Every drawn frame went out as full batched SysEx: two messages of at most 78 groups, nothing queued behind.
    const rgbMessages = output.sent.filter((message) => message[6] === 0x0b);
    expect(rgbMessages.length).toBe(2 * indices.length);
    hub.close();
  });

  it('views sent in a burst reach the device as the latest one only: the same bytes as drawing just the first and the last', async () => {
    const burst = [approvalView(), ...Array.from({ length: 49 }, (_, i) => makeSurfaceView({ selectedState: i % 2 === 0 ? 'running' : 'error' }))];
    const latest = makeSurfaceView({ selectedState: 'success' });
    const paced = mockHub(autoSelection(profile(PRO_MK1)), { frameIntervalMs: FRAME_INTERVAL_MS });
    const direct = mockHub(autoSelection(profile(PRO_MK1)));
    for (const { hub, backend } of [paced, direct]) {
      backend.plug(PRO_STANDALONE);
      hub.initialize();
      await hub.idle();
    }
    for (const view of [...burst, latest]) paced.hub.render(view);
    paced.timers.advance(FRAME_INTERVAL_MS);
    direct.hub.render(burst[0]!);
    direct.hub.render(latest);
    expect(paced.backend.openedOutputs[0]!.sentHex()).toEqual(direct.backend.openedOutputs[0]!.sentHex());
    paced.hub.close();
    direct.hub.close();
  });
});
