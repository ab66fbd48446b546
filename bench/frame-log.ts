/** One frame at the mock MIDI port: the control-plane revision it showed and when its last byte was handed over (monotonicNs()). */
export interface FrameRecord {
  readonly revision: number;
  readonly lastByteAt: bigint;
}

/**
 * The write → last-frame-byte latency of each `state` write, in write order.
 * Each update raises the control plane's revision by exactly one, so write i
 * of a run that began at `startRevision` made revision startRevision + i + 1,
 * and its frame is the first one that showed that revision or a later one (a
 * render collapses whatever changed since the previous one). Matching by
 * revision rather than by arrival order keeps a frame that happened to end
 * after the next write from being credited to that write.
 */
export function frameLatencies(writes: readonly bigint[], startRevision: number, frames: readonly FrameRecord[]): bigint[] {
  const latencies: bigint[] = [];
  let next = 0;
  writes.forEach((writtenAt, i) => {
    const revision = startRevision + i + 1;
    while (next < frames.length && frames[next]!.revision < revision) next += 1;
    const frame = frames[next];
    if (frame === undefined) throw new Error(`no frame showed revision ${revision} (write ${i + 1} of ${writes.length})`);
    if (frame.lastByteAt < writtenAt) throw new Error(`the frame for write ${i + 1} ended before the write: the clocks disagree`);
    latencies.push(frame.lastByteAt - writtenAt);
  });
  return latencies;
}

/**
 * The press → last-feedback-byte latency of each press, in press order. The
 * daemon is idle before each press (the bench waits for it), so the press's
 * feedback is the first frame ending after the press that shows a newer
 * revision than the last frame before it; a frame ending after the press that
 * still showed the old revision was already on its way and is skipped.
 */
export function feedbackLatencies(pressedAt: readonly bigint[], frames: readonly FrameRecord[]): bigint[] {
  let next = 0;
  let shown = -1;
  return pressedAt.map((at, i) => {
    while (next < frames.length && frames[next]!.lastByteAt <= at) shown = frames[next++]!.revision;
    while (next < frames.length && frames[next]!.revision <= shown) next += 1;
    const frame = frames[next];
    if (frame === undefined) throw new Error(`no frame followed press ${i + 1} of ${pressedAt.length}: the press changed nothing on the surface`);
    return frame.lastByteAt - at;
  });
}
