/**
 * The clock and timers the hub schedules with. Injected, so tests drive
 * pacing and hot-plug rescans with an exact clock instead of waiting.
 */
export interface HubTimers {
  /** Monotonic milliseconds. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const SYSTEM_HUB_TIMERS: HubTimers = {
  now: () => performance.now(),
  // unref: a pending repaint or rescan never keeps a stopping process alive.
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (callback, ms) => setInterval(callback, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};
