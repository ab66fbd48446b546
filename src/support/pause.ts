/**
 * Resolves after `ms`, or at once when `signal` aborts, whichever is first,
 * and leaves no listener on `signal` either way: a loop that sleeps on one
 * long-lived signal (a reconnect loop, a watch) must not pile listeners onto
 * it, or Node prints a MaxListenersExceededWarning into the user's terminal.
 */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
