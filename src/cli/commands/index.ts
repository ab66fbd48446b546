import type { Command } from '../command.js';

/** Every `pad-lattice` subcommand, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [];
