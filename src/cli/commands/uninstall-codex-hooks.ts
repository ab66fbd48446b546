import { defaultHooksPath, HooksFileError, removeLegacyHooks } from '../../agents/codex/legacy-hooks-file.js';
import { EXIT, type CliIo, type Command } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';

const HELP = `Usage: pad-lattice uninstall-codex-hooks [--path FILE] [--json]

Removes the Pad-Lattice hooks that early alpha builds wrote into the global
Codex hooks file, and nothing else: other handlers, groups and settings are
kept. Current versions never write there; \`pad-lattice codex\` passes its
hooks to each Codex run on the command line.

Options:
  --path FILE   the hooks file (default: $CODEX_HOME/hooks.json, else ~/.codex/hooks.json)
  --json        print {"path": ..., "removed": true|false}
  -h, --help

Exit status: 0 (also when nothing was found); 2 when the file is not valid
JSON or not a JSON object; 1 when it cannot be read or written.
`;

export const uninstallCodexHooksCommand: Command = {
  name: 'uninstall-codex-hooks',
  summary: 'Remove legacy Pad-Lattice entries from the global Codex hooks file',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values } = parseCommandArgs(args, { path: { type: 'string' }, json: { type: 'boolean' } });
    const path = values.path !== undefined && values.path !== '' ? values.path : defaultHooksPath(io.env);
    let removed: boolean;
    try {
      removed = removeLegacyHooks(path);
    } catch (error) {
      if (!(error instanceof HooksFileError)) throw error;
      io.stderr.write(`pad-lattice: ${error.message}\n`);
      return error.readable ? EXIT.usage : EXIT.failure;
    }
    if (values.json === true) io.stdout.write(`${JSON.stringify({ path, removed })}\n`);
    else io.stdout.write(removed ? `Removed: ${path}\n` : `No Pad-Lattice hooks found: ${path}\n`);
    return EXIT.ok;
  },
};
