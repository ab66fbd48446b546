import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputQueue } from '../../src/midi/input-queue.js';
import { expectedLength, findMessageProblem } from '../../src/midi/midi-message.js';

const dataByte = fc.integer({ min: 0, max: 0x7f });

describe('findMessageProblem', () => {
  it('accepts every well-formed channel message', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0x80, max: 0xef }), dataByte, dataByte, (status, a, b) => {
        const message = expectedLength(status) === 2 ? [status, a] : [status, a, b];
        expect(findMessageProblem(message)).toBeNull();
      }),
    );
  });

  it('accepts framed SysEx of any data length, including none', () => {
    fc.assert(
      fc.property(fc.array(dataByte, { maxLength: 320 }), (data) => {
        expect(findMessageProblem([0xf0, ...data, 0xf7])).toBeNull();
      }),
    );
  });

  it('knows the lengths of system common and realtime messages', () => {
    expect(findMessageProblem([0xf1, 0x10])).toBeNull();
    expect(findMessageProblem([0xf2, 0x10, 0x01])).toBeNull();
    expect(findMessageProblem([0xf3, 0x02])).toBeNull();
    expect(findMessageProblem([0xf6])).toBeNull();
    for (const realtime of [0xf8, 0xfa, 0xfb, 0xfc, 0xfe, 0xff]) expect(findMessageProblem([realtime])).toBeNull();
    expect(findMessageProblem([0xf2, 0x10])?.problem).toBe('wrong-length');
  });
});

describe('InputQueue', () => {
  it('keeps the newest messages when full and counts what it dropped', () => {
    const queue = new InputQueue(2);
    for (const n of [1, 2, 3]) queue.push(new Uint8Array([0xb0, n, 127]));
    expect(queue.drain().map((m) => m[1])).toEqual([2, 3]);
    expect(queue.droppedCount).toBe(1);
    expect(queue.drain()).toEqual([]);
  });
});
