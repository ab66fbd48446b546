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

/**
 * A command known by name whose module is imported only when it runs or shows
 * its help, so starting one command (the daemon, a hook) never loads them all.
 */
export interface LazyCommand {
  readonly name: string;
  load(): Promise<Command>;
}

export type CommandEntry = Command | LazyCommand;

/** The command itself, importing its module if it is lazy. */
export function loadCommand(entry: CommandEntry): Promise<Command> {
  return 'load' in entry ? entry.load() : Promise.resolve(entry);
}

/** Thrown by argument parsing; main prints it with the command's usage hint and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function wantsHelp(args: readonly string[]): boolean {
  return args.includes('--help') || args.includes('-h');
}
