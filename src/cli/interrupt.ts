const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * An AbortSignal that fires on Ctrl-C or SIGTERM, for commands that run until
 * stopped (`status --watch`, `listen-actions`, `symbols`) and must tidy up —
 * unsubscribe, end a preview — instead of dying mid-conversation. Call
 * `release()` when done so the process's default signal handling returns.
 */
export function interruptSignal(): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const stop = () => controller.abort(new Error('interrupted'));
  for (const name of STOP_SIGNALS) process.on(name, stop);
  return {
    signal: controller.signal,
    release() {
      for (const name of STOP_SIGNALS) process.off(name, stop);
    },
  };
}
