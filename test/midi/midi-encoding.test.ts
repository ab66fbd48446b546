import { describe, expect, it } from 'vitest';
import { channelMessage, commandMessage, statusByteFor, sysexMessage } from '../../src/midi/midi-encoding.js';

describe('wire encoding (midi-rendering.md §2)', () => {
  it('profile note and cc commands are Note On / Control Change on their channel, even at value 0', () => {
    expect([...commandMessage({ type: 'note', number: 60, value: 0, channel: 2 })]).toEqual([0x92, 60, 0]);
    expect([...commandMessage({ type: 'cc', number: 104, value: 127, channel: 15 })]).toEqual([0xbf, 104, 127]);
  });

  it('profile SysEx data gets exactly one F0 in front and one F7 at the end', () => {
    expect([...commandMessage({ type: 'sysex', data: [0, 32, 41, 2, 13, 14, 1] })]).toEqual([0xf0, 0, 32, 41, 2, 13, 14, 1, 0xf7]);
    expect([...sysexMessage([])]).toEqual([0xf0, 0xf7]);
  });

  it('palette writes use the address kind and channel; off is value 0, never Note Off', () => {
    expect(statusByteFor('note', 6)).toBe(0x96);
    expect(statusByteFor('cc', 0)).toBe(0xb0);
    expect([...channelMessage(statusByteFor('note', 0), 81, 0)]).toEqual([0x90, 81, 0]);
  });
});
