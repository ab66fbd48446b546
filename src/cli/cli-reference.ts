import { loadCommand } from './command.js';
import type { CommandGroup } from './commands/index.js';

/*
 * docs/cli.md, made from the commands themselves: each command's summary, its
 * usage lines and the options its --help lists, so the page says what the
 * program does. `npm run docs:cli` writes it; a test fails when it is stale.
 */

/** An option line of a --help text: two to four spaces, then `--name` (or `-x, --name`). */
const OPTION_LINE = /^ {2,4}(?:-[a-zA-Z], )?(--[a-z][a-z0-9-]*)/;

/** The `Usage:` line and the lines that continue it, without the word. */
function usageLines(help: string): string[] {
  const lines = help.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Usage: '));
  if (start === -1) return [];
  const usage = [lines[start]!.slice('Usage: '.length)];
  for (const line of lines.slice(start + 1)) {
    if (!/^ {7}\S/.test(line)) break;
    usage.push(line.trim());
  }
  return usage;
}

/** Every option the help lists, once each, in its order (else the ones its usage names); --help itself left out. */
function optionNames(help: string): string[] {
  const listed = help.split('\n').flatMap((line) => OPTION_LINE.exec(line)?.[1] ?? []);
  const names = listed.length > 0 ? listed : usageLines(help).flatMap((line) => line.match(/--[a-z][a-z0-9-]*/g) ?? []);
  return [...new Set(names)].filter((name) => name !== '--help');
}

const cell = (text: string) => text.replaceAll('|', '\\|');

const HEAD = `# Command-line reference

Every command of \`pad-lattice\`, one row each: what it does, how it is called
and the options its \`--help\` lists. \`pad-lattice <command> --help\` (or
\`pad-lattice help <command>\`) gives the whole text. This page is generated
from those texts (\`npm run docs:cli\`); a test fails when it falls behind.

## What every command shares

- **Exit status**: 0 success; 1 a runtime failure (the cause and the fix on
  stderr); 2 a usage error (a bad flag or value, found before anything runs:
  before a daemon is asked, a socket made or a controller opened); 3 the
  daemon or the device is not available. The agent hooks (\`codex-hook\`,
  \`claude-hook\`, \`pad-lattice-hook\`) are the exception: they exit 0 on
  every runtime path and 1 for bad options, since exit 2 tells Claude Code to
  block. A command started for an agent (\`claude\`, \`codex\` …) exits with
  the agent's own status.
- **\`--json\`**: the commands a script reads print JSON with \`--json\`:
  JSON_COMMANDS.
- **Colour**: only on a terminal (or with \`FORCE_COLOR\`), and never when
  \`NO_COLOR\` is set.
- **Typos**: an unknown command, option or \`profile\` subcommand is
  answered with the closest one (\`pad-lattice staus\` → "did you mean
  status?", \`status --jsno\` → "did you mean --json?"), when one is close
  enough.
- **A closed pipe**: when the reader of the output goes away
  (\`pad-lattice profile list | head -1\`), the command stops at once,
  quietly, with status 0.
- **The socket**: commands that talk to the daemon take \`--socket PATH\`;
  the default is \`$PAD_LATTICE_SOCKET\`, else
  \`$XDG_RUNTIME_DIR/pad-lattice.sock\`, else
  \`/tmp/pad-lattice-<uid>/pad-lattice.sock\`.
- **Not on PATH?** From a checkout, \`npm install -g .\` (or \`npm link\`)
  puts \`pad-lattice\` on PATH; until then run it as
  \`node dist/src/cli/bin.js …\` (the daemon's own hints say which).
`;

/** The whole page, group by group in the order of \`pad-lattice --help\`. */
export async function cliReference(groups: readonly CommandGroup[]): Promise<string> {
  const loaded = await Promise.all(groups.map(async (group) => ({ title: group.title, commands: await Promise.all(group.commands.map(loadCommand)) })));
  const json = loaded.flatMap((group) =>
    group.commands.filter((command) => optionNames(command.help).includes('--json')).map((command) => `\`${command.name}\``),
  );
  const sections = loaded.map((group) => {
    const { commands } = group;
    const rows = commands.map((command) => {
      const usage = usageLines(command.help)
        .map((line) => `\`${cell(line)}\``)
        .join('<br>');
      const options = optionNames(command.help)
        .map((name) => `\`${name}\``)
        .join(', ');
      return `| \`${command.name}\` | ${cell(command.summary)} | ${usage} | ${options || '—'} |`;
    });
    return `## ${group.title}\n\n| command | what it does | usage | options |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n`;
  });
  return `${HEAD.replace('JSON_COMMANDS', json.join(', '))}\n${sections.join('\n')}`;
}
