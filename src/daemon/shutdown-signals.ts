import type { DaemonHandle } from './daemon.js';
import { describeError, type DaemonLogger } from './runtime/logger.js';

/**
 * Ties a daemon's lifetime to the process: SIGINT/SIGTERM shut it down in
 * order; an uncaught error or an unexpected exit still removes the socket
 * file (synchronously) before the process ends. Resolves with the signal
 * name once an orderly shutdown finished; the handlers are then removed.
 */
export function runUntilSignalled(handle: DaemonHandle, logger: DaemonLogger): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info(`${signal}: shutting down`);
      handle.close().then(
        () => finish(signal),
        (error: unknown) => {
          logger.error(`shutdown: ${describeError(error)}`);
          handle.closeSync();
          finish(signal);
        },
      );
    };
    const onUncaught = (error: unknown) => {
      logger.error(`uncaught error, exiting: ${describeError(error)}`);
      handle.closeSync();
      process.exit(1);
    };
    const onExit = () => handle.closeSync();
    const finish = (signal: NodeJS.Signals) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.off('uncaughtException', onUncaught);
      process.off('unhandledRejection', onUncaught);
      process.off('exit', onExit);
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUncaught);
    process.on('exit', onExit);
  });
}
