#!/usr/bin/env node
import { EXIT, UsageError, loadCommand, type CliIo, type CommandEntry } from './command.js';
import { runIfEntryPoint } from '../support/entry-point.js';
import { COMMAND_GROUPS, COMMANDS, type CommandGroup } from './commands/index.js';
import { PACKAGE_VERSION } from '../support/package-info.js';
import { errorMessage } from '../support/error-message.js';
import { escapeUntrusted } from '../support/untrusted-text.js';
import { didYouMean } from '../support/did-you-mean.js';

/** The command list with each summary; it loads every command, which only the overview needs. */
async function mainHelp(groups: readonly CommandGroup[]): Promise<string> {
  const width = Math.max(4, ...groups.flatMap((g) => g.commands.map((c) => c.name.length)));
  const listed = await Promise.all(
    groups
      .filter((g) => g.commands.length > 0)
      .map(async (g) => {
        const commands = await Promise.all(g.commands.map(loadCommand));
        return `${g.title}:\n${commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}`;
      }),
  );
  const sections = listed.join('\n\n');
  return `pad-lattice ${PACKAGE_VERSION}: a tactile control surface for AI coding agents

Usage: pad-lattice <command> [options]
       pad-lattice <command> --help   (or: pad-lattice help <command>)

${sections || 'Commands: (none yet)'}

Exit codes: 0 success, 1 failure, 2 usage error, 3 daemon or device unavailable.
`;
}

export async function runCli(argv: readonly string[], io: CliIo, commands: readonly CommandEntry[] = COMMANDS): Promise<number> {
  // A caller's own command list (tests) is listed as one group.
  const groups = commands === COMMANDS ? COMMAND_GROUPS : [{ title: 'Commands', commands }];
  const [name, ...rest] = argv;
  // `help status` is `status --help` (an unknown name gets the unknown-command answer); a bare `help` is the overview.
  if (name === 'help' && rest[0] !== undefined && !rest[0].startsWith('-')) return runCli([rest[0], '--help'], io, commands);
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(await mainHelp(groups));
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-V') {
    io.stdout.write(`${PACKAGE_VERSION}\n`);
    return EXIT.ok;
  }
  const entry = commands.find((c) => c.name === name);
  if (entry === undefined) {
    const hint = didYouMean(
      name,
      commands.map((c) => c.name),
    );
    io.stderr.write(`pad-lattice: unknown command ${JSON.stringify(name)}${hint}. Run 'pad-lattice --help' for the list.\n`);
    return EXIT.usage;
  }
  const command = await loadCommand(entry);
  // Arguments after `--` belong to a child program (`pad-lattice codex -- --help` asks Codex, not us).
  const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (own.includes('--help') || own.includes('-h')) {
    io.stdout.write(command.help.endsWith('\n') ? command.help : `${command.help}\n`);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`pad-lattice ${name}: ${error.message}\nRun 'pad-lattice ${name} --help' for usage.\n`);
      return EXIT.usage;
    }
    // Messages may quote device names, file names or profile text: each line shown, never obeyed.
    const lines = errorMessage(error)
      .split('\n')
      .map((line) => escapeUntrusted(line));
    io.stderr.write(`pad-lattice ${name}: ${lines.join('\n')}\n`);
    return EXIT.failure;
  }
}

export const CLI_PROGRAM = { name: 'pad-lattice', crashExit: EXIT.failure } as const;

// Started directly (tests do), not through bin.ts.
runIfEntryPoint(import.meta.url, runCli, CLI_PROGRAM);
