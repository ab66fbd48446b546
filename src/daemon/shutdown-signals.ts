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
export function runUntilSignalled(handle: DaemonHandle, logger: DaemonLogger, early: EarlyStopSignals | null = null): Promise<NodeJS.Signals> {
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
    const caught = early?.release() ?? null;
    if (caught !== null) onSignal(caught);
  });
}

/** Stop signals held while a daemon starts; `release` lets go of them and says which came first, if any. */
export interface EarlyStopSignals {
  release(): NodeJS.Signals | null;
}

/**
 * Holds the stop signals from before the daemon starts until
 * `runUntilSignalled` takes over: the socket accepts (and answers) agents
 * before the start finishes, so a signal sent to a daemon that answered
 * must not find Node's default handler, which ends the process on the spot
 * and leaves the socket file behind. A held signal stops the daemon as soon
 * as it is up.
 */
export function holdStopSignals(logger: DaemonLogger): EarlyStopSignals {
  let caught: NodeJS.Signals | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (caught !== null) return;
    caught = signal;
    logger.info(`${signal}: shutting down as soon as the daemon is up`);
  };
  for (const name of STOP_SIGNALS) process.on(name, onSignal);
  return {
    release() {
      for (const name of STOP_SIGNALS) process.off(name, onSignal);
      return caught;
    },
  };
}
