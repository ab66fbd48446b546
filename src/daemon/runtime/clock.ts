/** Monotonic seconds (floating point); the control plane's only notion of time. */
export type MonotonicClock = () => number;

/** performance.now() never jumps with wall-clock changes. */
export const systemClock: MonotonicClock = () => performance.now() / 1000;
