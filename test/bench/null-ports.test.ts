import { describe, expect, it } from 'vitest';
import { CountingInput, CountingOutput } from '../../bench/null-ports.js';
import { monotonicNs } from '../../bench/latency.js';
import { describeMidiOutputContract } from '../hardware-mocks/midi-contract.js';

describeMidiOutputContract('the bench CountingOutput', () => new CountingOutput());
describeMidiOutputContract('the bench CountingOutput, timed', () => new CountingOutput(true));

describe('the bench CountingInput', () => {
  it('hands each press to listeners and the queue at once, stamped when delivered', () => {
    const input = new CountingInput();
    const heard: number[][] = [];
    input.onMessage((message) => heard.push([...message]));
    const before = monotonicNs();
    input.press(Uint8Array.of(0xb0, 0x5b, 0x7f));
    expect(heard).toEqual([[0xb0, 0x5b, 0x7f]]);
    expect(input.drain().map((message) => [...message])).toEqual([[0xb0, 0x5b, 0x7f]]);
    expect(input.deliveredAt).toHaveLength(1);
    expect(input.deliveredAt[0]! >= before && input.deliveredAt[0]! <= monotonicNs()).toBe(true);
  });

  it('delivers nothing once closed', () => {
    const input = new CountingInput();
    input.close();
    input.press(Uint8Array.of(0xb0, 0x5b, 0x7f));
    expect(input.drain()).toEqual([]);
    expect(input.isOpen()).toBe(false);
  });
});
