import { describe, expect, it } from 'vitest';
import { feedbackLatencies, frameLatencies, type FrameRecord } from '../../bench/frame-log.js';

const frame = (revision: number, lastByteAt: bigint): FrameRecord => ({ revision, lastByteAt });

describe('frameLatencies', () => {
  it('credits each write with the first frame that showed its revision', () => {
    // Started at revision 4; the first paint (revision 4) came before any write.
    const frames = [frame(4, 50n), frame(5, 180n), frame(6, 420n), frame(7, 900n)];
    expect(frameLatencies([100n, 400n, 800n], 4, frames)).toEqual([80n, 20n, 100n]);
  });

  it('a frame that collapsed two updates answers both, and one that ended after the next write still belongs to its own', () => {
    // Write 1 (revision 1) rendered late, after write 2 was sent; writes 3 and 4 were rendered together (revision 4).
    const frames = [frame(1, 260n), frame(2, 330n), frame(4, 700n)];
    expect(frameLatencies([100n, 250n, 500n, 600n], 0, frames)).toEqual([160n, 80n, 200n, 100n]);
  });

  it('refuses a write no frame showed, and a frame that ended before its write', () => {
    expect(() => frameLatencies([100n, 200n], 0, [frame(1, 150n)])).toThrow('no frame showed revision 2 (write 2 of 2)');
    expect(() => frameLatencies([100n], 0, [frame(1, 90n)])).toThrow('ended before the write');
  });
});

describe('feedbackLatencies', () => {
  it('credits each press with the first later frame showing a newer revision than the one before it', () => {
    // Revision 3 was shown before press 1; a frame still showing 3 ended after it and is skipped.
    const frames = [frame(3, 50n), frame(3, 120n), frame(4, 160n), frame(5, 300n), frame(6, 520n)];
    expect(feedbackLatencies([100n, 500n], frames)).toEqual([60n, 20n]);
  });

  it('refuses a press no frame followed', () => {
    expect(() => feedbackLatencies([100n, 200n], [frame(1, 50n), frame(2, 150n)])).toThrow('no frame followed press 2 of 2');
  });
});
