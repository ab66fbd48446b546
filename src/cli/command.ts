import type { CliIo } from '../support/cli-io.js';

export type { CliIo };

/** Exit codes shared by every command (documented in README). */
export const EXIT = Object.freeze({
  ok: 0,
  failure: 1,
  usage: 2,
  unavailable: 3,
});

export interface Command {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** The full `--help` text. */
  readonly help: string;
  run(args: readonly string[], io: CliIo): Promise<number>;
}

/** Thrown by argument parsing; main prints it with the command's usage hint and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function wantsHelp(args: readonly string[]): boolean {
  return args.includes('--help') || args.includes('-h');
}
