import { DaemonProtocolError, DaemonTimeoutError, DaemonUnavailableError } from '../client/index.js';
import { EXIT, type CliIo } from './command.js';
import { notASocket } from './socket-kind.js';

/**
 * Runs a daemon conversation and turns the client's errors into the shared
 * exit codes: no daemon → 3, a daemon error or timeout → 1. Anything else
 * (usage errors, bugs) propagates to main.
 */
export async function withDaemon(io: CliIo, command: string, talk: () => Promise<number>): Promise<number> {
  try {
    return await talk();
  } catch (error) {
    const exit = daemonErrorExit(error);
    if (exit === null) throw error;
    io.stderr.write(`pad-lattice ${command}: ${describeDaemonError(error as Error)}\n`);
    return exit;
  }
}

/** The exit code for a client error, or null for errors that are not about the daemon. */
export function daemonErrorExit(error: unknown): number | null {
  if (error instanceof DaemonUnavailableError) return EXIT.unavailable;
  if (error instanceof DaemonTimeoutError || error instanceof DaemonProtocolError) return EXIT.failure;
  return null;
}

export function describeDaemonError(error: Error): string {
  const other = error instanceof DaemonUnavailableError ? notASocket(error.socketPath) : null;
  if (other !== null && error instanceof DaemonUnavailableError) {
    return `${error.socketPath} is not a socket (${other}): pass the daemon's socket with --socket, or leave --socket out for the default`;
  }
  if (error instanceof DaemonUnavailableError && error.errno !== null) {
    return `${error.message}. Start one with 'pad-lattice daemon'.`;
  }
  if (error instanceof DaemonProtocolError) return `daemon error ${error.code}: ${error.message}`;
  return error.message;
}
