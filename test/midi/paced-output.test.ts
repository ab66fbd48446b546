import { describe, expect, it } from 'vitest';
import { MidiMessageError, MidiPortClosedError } from '../../src/midi/errors.js';
import { MAX_PACED_BACKLOG, PacedOutput, type PacingClock } from '../../src/midi/paced-output.js';
import { MockMidiOutput } from '../hardware-mocks/mock-midi.js';

/** A clock whose timers fire only when the test moves time on. */
function manualClock() {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  const clock: PacingClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => void (timers = timers.filter((timer) => timer !== handle)),
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      timers = timers.filter((timer) => timer !== due);
      now = due.at;
      due.run();
    }
    now = until;
  };
  return { clock, advance, now: () => now };
}

const note = (number: number, value: number) => [0x90, number, value];

describe('a paced MIDI output (profile max_messages_per_second)', () => {
  it('sends no faster than the rate: a full Launchpad frame of 80 lights at 400/s takes 200 ms, none lost', () => {
    const { clock, advance, now } = manualClock();
    const device = new MockMidiOutput('Launchpad');
    device.limitRate({ messagesPerSecond: 400, buffer: 8, now });
    const paced = new PacedOutput(device, 400, clock);
    for (let light = 0; light < 80; light += 1) paced.send(note(light, 0x3c));
    expect(device.sent.length).toBeLessThan(8);
    advance(100);
    expect(device.sent.length).toBeGreaterThanOrEqual(40);
    expect(device.sent.length).toBeLessThanOrEqual(45);
    advance(110);
    expect(device.sent.map((m) => m[1])).toEqual([...Array(80).keys()]);
    expect(device.dropped).toBe(0);
    expect(paced.backlog).toBe(0);
  });

  it('without pacing the same device loses most of the frame (the mock models the loss)', () => {
    const { now } = manualClock();
    const device = new MockMidiOutput('Launchpad');
    device.limitRate({ messagesPerSecond: 400, buffer: 8, now });
    for (let light = 0; light < 80; light += 1) device.send(note(light, 0x3c));
    expect(device.dropped).toBe(72);
  });

  it('a newer value for a waiting light replaces it in place, so a stream of frames never grows the backlog', () => {
    const { clock, advance } = manualClock();
    const device = new MockMidiOutput();
    const paced = new PacedOutput(device, 100, clock);
    for (let frame = 0; frame < 50; frame += 1) for (let light = 0; light < 10; light += 1) paced.send(note(light, frame % 128));
    expect(paced.backlog).toBeLessThanOrEqual(10);
    advance(1_000);
    // Each light ends on the last frame's value; Note Off counts as the same light.
    paced.send([0x80, 3, 0]);
    advance(1_000);
    const last = new Map(device.sent.map((m) => [m[1], [...m]]));
    expect(last.get(2)).toEqual(note(2, 49));
    expect(last.get(3)).toEqual([0x80, 3, 0]);
  });

  it('never lets a light overtake a SysEx sent before it', () => {
    const { clock, advance } = manualClock();
    const device = new MockMidiOutput();
    const paced = new PacedOutput(device, 100, clock);
    paced.send(note(1, 5)); // goes at once (allowance 1 at 100/s)
    paced.send(note(1, 6)); // waits
    paced.send([0xf0, 0x00, 0x20, 0x29, 0x02, 0x0e, 0x0e, 0x01, 0xf7]);
    paced.send(note(1, 7)); // after the SysEx: must not replace the value waiting before it
    advance(100);
    expect(device.sent.map((m) => (m.length === 3 ? `n${m[2]}` : 'sysex'))).toEqual(['n5', 'n6', 'sysex', 'n7']);
  });

  it('close sends what waits, at the rate, then closes the port', () => {
    const { clock, advance } = manualClock();
    const device = new MockMidiOutput();
    const paced = new PacedOutput(device, 100, clock);
    for (let light = 0; light < 5; light += 1) paced.send(note(light, 1));
    paced.send([0xb0, 0, 0]); // a reset, the shutdown message of the original Launchpad
    paced.close();
    expect(paced.isOpen()).toBe(false);
    expect(device.isOpen()).toBe(true);
    expect(() => paced.send(note(9, 1))).toThrow(MidiPortClosedError);
    advance(100);
    expect(device.sent.at(-1)).toEqual(Uint8Array.of(0xb0, 0, 0));
    expect(device.isOpen()).toBe(false);
  });

  it('a device that vanished while messages waited fails the next send, as an unpaced one would', () => {
    const { clock, advance } = manualClock();
    const device = new MockMidiOutput();
    const paced = new PacedOutput(device, 100, clock);
    paced.send(note(1, 1));
    paced.send(note(2, 1));
    device.vanish();
    advance(50);
    expect(paced.isOpen()).toBe(false);
    expect(() => paced.send(note(3, 1))).toThrow(/gone/);
  });

  it('refuses a malformed message at once, and a backlog past its bound', () => {
    const { clock } = manualClock();
    const paced = new PacedOutput(new MockMidiOutput(), 100, clock);
    paced.send(note(1, 1));
    expect(() => paced.send([0x90, 200, 1])).toThrow(MidiMessageError);
    for (let i = 0; i < MAX_PACED_BACKLOG; i += 1) paced.send([0xf0, 0x7e, 0x7f, 0x06, 0x01, 0xf7]);
    expect(() => paced.send([0xf0, 0x7e, 0x7f, 0x06, 0x01, 0xf7])).toThrow(/1024 messages wait for a device that takes 100 a second/);
  });
});
