import { describe, expect, it } from 'vitest';
import { MidiDeviceError } from '../../src/midi/errors.js';
import { openPortPair } from '../../src/midi/open-ports.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { color, MINI_MK3, mockSurface, PRO_MK1, uniformShow, variantProfile, view } from './helpers.js';

describe('midi-rendering.md §16', () => {
  it('scenario 28: presses map to actions and selectors; releases, status pads, other messages and channels do not', () => {
    const { surface, input } = mockSurface(PRO_MK1);
    input.injectHex('B0 5B 7F'); // CC 91 → approve
    input.injectHex('B0 4F 7F'); // CC 79 → slot 1
    input.injectHex('B0 45 00'); // CC 69 release
    input.injectHex('90 58 64'); // status pad note 88
    input.injectHex('80 51 40'); // Note Off
    input.injectHex('A0 51 40'); // polyphonic aftertouch
    input.injectHex('D0 40'); // channel aftertouch
    input.injectHex('B1 5B 7F'); // CC 91 on channel 1
    input.injectHex('90 51 7F'); // canvas pad
    input.injectHex('B0 5F 7F'); // overflow indicator CC 95
    input.injectHex('B0 5D 7F'); // unassigned rail CC 93
    expect(surface.pollEvents()).toEqual([
      { type: 'action_pressed', action: 'approve' },
      { type: 'session_selected', slot: 1 },
    ]);
  });

  it('scenario 28: every mapped action and selector of the profile produces its event', () => {
    const { surface, input } = mockSurface(MINI_MK3);
    for (const cc of [91, 92, 98, 97]) input.inject([0xb0, cc, 127]);
    for (const cc of [89, 79, 69, 59, 49, 39, 29, 19]) input.inject([0xb0, cc, 1]);
    expect(surface.pollEvents()).toEqual([
      { type: 'action_pressed', action: 'approve' },
      { type: 'action_pressed', action: 'reject' },
      { type: 'action_pressed', action: 'stop' },
      { type: 'action_pressed', action: 'retry' },
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((slot) => ({ type: 'session_selected', slot })),
    ]);
  });

  it('an action pad let go (CC 0, Note Off, Note On velocity 0) is a release: the end of a hold; other releases mean nothing', () => {
    const { surface, input } = mockSurface(PRO_MK1);
    input.injectHex('B0 5B 7F'); // CC 91 → approve down
    input.injectHex('B0 5B 00'); // approve up
    input.injectHex('B0 4F 00'); // slot 1 up: nothing
    input.injectHex('80 51 40'); // Note Off on a canvas pad: nothing
    input.injectHex('B1 5B 00'); // another channel: nothing
    expect(surface.pollEvents()).toEqual([
      { type: 'action_pressed', action: 'approve' },
      { type: 'action_released', action: 'approve' },
    ]);
    // The APC mini's Approve is note 64: its release is Note Off, or Note On with velocity 0.
    const notes = mockSurface('akai/apc/mini');
    notes.input.injectHex('90 40 7F');
    notes.input.injectHex('90 40 00');
    notes.input.injectHex('90 40 7F');
    notes.input.injectHex('80 40 00');
    expect(notes.surface.pollEvents().map((event) => event.type)).toEqual(['action_pressed', 'action_released', 'action_pressed', 'action_released']);
  });

  it('scenario 29: pollEvents() drains everything pending in order and then returns []', () => {
    const { surface, input } = mockSurface(PRO_MK1);
    expect(surface.pollEvents()).toEqual([]);
    input.injectHex('B0 13 7F');
    input.injectHex('B0 62 7F');
    input.injectHex('B0 59 7F');
    expect(surface.pollEvents()).toEqual([
      { type: 'session_selected', slot: 7 },
      { type: 'action_pressed', action: 'stop' },
      { type: 'session_selected', slot: 0 },
    ]);
    expect(surface.pollEvents()).toEqual([]);
  });

  it('scenario 30: an output open failure reports "could not open MIDI output"', () => {
    const backend = new MockMidiBackend().plug('Launchpad Pro Standalone Port');
    backend.failOpen('output', 'Launchpad Pro Standalone Port', new Error('port busy'));
    const names = { output: 'Launchpad Pro Standalone Port', input: 'Launchpad Pro Standalone Port' };
    let failure: unknown;
    try {
      openPortPair(backend, names);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(MidiDeviceError);
    expect((failure as Error).message).toBe("could not open MIDI output 'Launchpad Pro Standalone Port': port busy");
    expect(backend.openedInputs).toHaveLength(0);
  });

  it('scenario 30: an input open failure closes the opened output, then reports "could not open MIDI input"', () => {
    const backend = new MockMidiBackend().plug('LPMiniMK3 MIDI');
    backend.failOpen('input', 'LPMiniMK3 MIDI', new Error('no such port'));
    expect(() => openPortPair(backend, { output: 'LPMiniMK3 MIDI', input: 'LPMiniMK3 MIDI' })).toThrow(
      "could not open MIDI input 'LPMiniMK3 MIDI': no such port",
    );
    expect(backend.openedOutputs).toHaveLength(1);
    expect(backend.openedOutputs[0]!.isOpen()).toBe(false);
    expect(backend.openedOutputs[0]!.sent).toHaveLength(0);
  });

  it('scenario 31: every SysEx on the transport is framed by exactly one F0 and one F7', () => {
    const profiles = [
      PRO_MK1,
      MINI_MK3,
      variantProfile(PRO_MK1, (doc) => {
        doc.messages.clear = [{ type: 'sysex', data: [0, 32, 41, 2, 16, 14, 0] }];
      }),
    ];
    let sysexCount = 0;
    for (const profile of profiles) {
      const { surface, output } = mockSurface(profile);
      surface.initialize();
      surface.render(view({ selectedState: 'running' }));
      surface.renderShowFrame(uniformShow(color('accent:cyan:selected', [0, 174, 187])));
      surface.renderShowFrame(uniformShow(color('accent:rose:selected', [217, 76, 118])));
      surface.clear();
      surface.close();
      for (const message of output.sent) {
        if (message[0] !== 0xf0) continue;
        sysexCount += 1;
        expect(message.at(-1)).toBe(0xf7);
        expect([...message.subarray(1, -1)].every((byte) => byte < 0x80)).toBe(true);
      }
    }
    expect(sysexCount).toBeGreaterThan(8);
  });
});
