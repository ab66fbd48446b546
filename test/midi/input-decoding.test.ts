import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePress } from '../../src/midi/input-decoding.js';

describe('decodePress', () => {
  it('turns Note On with velocity > 0 into a note press on its channel', () => {
    expect(decodePress([0x90, 88, 100])).toEqual({ kind: 'note', number: 88, channel: 0 });
    expect(decodePress(new Uint8Array([0x9f, 0, 1]))).toEqual({ kind: 'note', number: 0, channel: 15 });
  });

  it('turns Control Change with value > 0 into a cc press on its channel', () => {
    expect(decodePress([0xb0, 91, 127])).toEqual({ kind: 'cc', number: 91, channel: 0 });
    expect(decodePress([0xb1, 79, 1])).toEqual({ kind: 'cc', number: 79, channel: 1 });
  });

  it('ignores releases: Note On velocity 0, CC value 0 and Note Off', () => {
    expect(decodePress([0x90, 88, 0])).toBeNull();
    expect(decodePress([0xb0, 69, 0])).toBeNull();
    expect(decodePress([0x80, 88, 64])).toBeNull();
  });

  it('ignores aftertouch, pitch bend, program change, SysEx and realtime bytes', () => {
    for (const message of [[0xa0, 88, 50], [0xd0, 50], [0xe0, 0, 64], [0xc0, 3], [0xf0, 0x00, 0x20, 0x29, 0x02, 0x10, 0x2d, 0xf7], [0xf8], [0xfe]]) {
      expect(decodePress(message)).toBeNull();
    }
  });

  it('ignores running status and garbage without throwing', () => {
    expect(decodePress([88, 100])).toBeNull();
    expect(decodePress([0x90, 88, 100, 89, 100])).toBeNull();
    expect(decodePress([0x90, 0x80, 100])).toBeNull();
    expect(decodePress([0x90, 88, 0xff])).toBeNull();
    expect(decodePress([])).toBeNull();
    expect(decodePress([0x190, 88, 100])).toBeNull();
    expect(decodePress([-112, 88, 100])).toBeNull();
    expect(decodePress([0x90, 88.5, 100])).toBeNull();
  });

  it('never throws and only reports well-formed presses, for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 6 }), (bytes) => {
        const press = decodePress(bytes);
        if (press === null) return;
        expect(bytes).toHaveLength(3);
        expect([0x90, 0xb0]).toContain(bytes[0]! & 0xf0);
        expect(bytes[2]).toBeGreaterThan(0);
        expect(bytes[2]).toBeLessThanOrEqual(127);
        expect(press.number).toBe(bytes[1]);
        expect(press.channel).toBe(bytes[0]! & 0x0f);
      }),
    );
  });
});
