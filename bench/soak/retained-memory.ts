import type { ChildProcess } from 'node:child_process';

/** The IPC request the soak daemon answers with a RetainedReply. */
export const MEASURE_RETAINED = 'measure-retained';

export interface RetainedReply {
  readonly type: 'retained';
  readonly mb: number;
}

const MiB = 1024 * 1024;

/**
 * In the daemon's process (started with --expose-gc): a full collection, then
 * what survives it. Unlike RSS, this does not rise and fall with the
 * collector's cycle, so a short run can tell growth from noise.
 */
export function measureRetainedHere(): RetainedReply {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return { type: 'retained', mb: (usage.heapUsed + usage.external) / MiB };
}

/** Asks the soak daemon for its retained memory; null when it does not answer within `timeoutMs`. */
export function requestRetained(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const done = (value: number | null) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(value);
    };
    const onMessage = (message: unknown) => {
      const reply = message as Partial<RetainedReply> | null;
      if (reply?.type === 'retained' && typeof reply.mb === 'number') done(reply.mb);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    child.on('message', onMessage);
    if (!child.connected) return done(null);
    child.send(MEASURE_RETAINED, (error) => {
      if (error !== null) done(null);
    });
  });
}
