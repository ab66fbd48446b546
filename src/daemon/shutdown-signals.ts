import { refuseDebuggerSignal } from '../support/debugger-signal.js';
import type { DaemonHandle } from './daemon.js';
import { describeError, type DaemonLogger } from './runtime/logger.js';

/** Signals that end the daemon in order: Ctrl-C, kill, a closed terminal (SIGHUP), Ctrl-\\ (SIGQUIT). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const;

/**
 * Ties a daemon's lifetime to the process: the stop signals shut it down in
 * order; an uncaught error or an unexpected exit still removes the socket
 * file (synchronously) before the process ends; SIGUSR1 is ignored (with a
 * log line) instead of opening Node's debugger. Resolves with the signal
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
    const restoreDebuggerSignal = refuseDebuggerSignal(() => logger.warn('SIGUSR1 ignored: the daemon opens no debugger'));
    const finish = (signal: NodeJS.Signals) => {
      for (const name of STOP_SIGNALS) process.off(name, onSignal);
      restoreDebuggerSignal();
      process.off('uncaughtException', onUncaught);
      process.off('unhandledRejection', onUncaught);
      process.off('exit', onExit);
      resolve(signal);
    };
    for (const name of STOP_SIGNALS) process.on(name, onSignal);
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUncaught);
    process.on('exit', onExit);
  });
}
