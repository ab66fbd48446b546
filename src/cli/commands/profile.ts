import { UsageError, type CliIo, type Command } from '../command.js';
import { didYouMean } from '../../support/did-you-mean.js';
import { runProfileList } from './profile-list.js';
import { runProfileNew } from './profile-new.js';
import { runProfileSchema } from './profile-schema.js';
import { runProfileShow } from './profile-show.js';
import { PROFILE_TEST_USAGE, runProfileTest } from './profile-test.js';
import { runProfileValidate } from './profile-validate.js';

const HELP = `Usage: pad-lattice profile list [--json]
       pad-lattice profile show ID [--json]
       pad-lattice profile validate FILE... [--validate-schema | --schema SCHEMA.json] [--json]
       pad-lattice profile new ID --from ID [--name NAME] [--output FILE|-] [--force]
       pad-lattice profile schema
       ${PROFILE_TEST_USAGE.replace('pad-lattice ', '')}

Device profiles (Device Profile Schema 1) describe a controller as JSON data.
Built-in profiles ship with Pad-Lattice; your own go in
$XDG_CONFIG_HOME/pad-lattice/profiles (else ~/.config/pad-lattice/profiles) and in
every folder listed in PAD_LATTICE_PROFILE_PATH (separated by ':'), at any depth.
A running daemon picks up new and changed files without a restart.

Subcommands:
  list       every profile (MIDI grids, monome grids, Stream Decks): id, status
             and name, tab-separated, sorted by id.
             Files that fail to load are printed on stderr (exit 1); the good
             profiles are still listed.
  show ID    a summary of one profile (--json: the summary as JSON, keys sorted);
             an unknown id names the closest ones
  validate   checks files without opening MIDI. Prints "<file>: ok <id> [<status>]"
             or every broken rule as "<file>: <location>: <message>".
             --validate-schema first checks the raw JSON against our JSON Schema,
             --schema FILE against another one (both need the package ajv).
  new        writes a complete profile for a new controller, copied from a
             loaded one (--from), with the id and its metadata set: the id is
             manufacturer/family/model in lowercase slug form (e.g.
             acme/grid/one) and manufacturer, family and model must slug to
             it ("Acme", "Grid", "One"). Status experimental, copied_from the
             source; its port patterns are placeholders that match nothing, so
             put your controller's port names in (pad-lattice ports lists them).
             It goes into your profile folder (where a running daemon loads it),
             --output FILE (a daemon loads it only from a profile folder), or
             stdout with --output -; an existing file is kept unless --force.
  schema     prints our JSON Schema (draft 2020-12) of a profile file
  test       the guided physical test of a controller: draws every figure and
             asks whether it is visible (y/n on stdin), asks you to press each
             action and Agent Scene button (--event-timeout SEC each, default 15),
             and writes a sanitized JSON report to --report FILE (booleans, the
             profile, port names and the environment; no paths or errors).
             --input/--output name the ports (also file:PATH / trace:PATH);
             otherwise the profile's patterns choose them. Stop the daemon
             first: some systems let only one program open a MIDI port.
             FAILED lists each failed check, why, and what to fix.
             Exit 0 passed, 1 failed, 3 MIDI unavailable, 130 interrupted.

Options:
  --json     machine-readable output
  -h, --help

Exit status: 0 success, 1 a profile is invalid, unknown or failed to load, 2 usage error.
`;

const SUBCOMMANDS: Readonly<Record<string, (args: readonly string[], io: CliIo) => Promise<number>>> = {
  list: runProfileList,
  show: runProfileShow,
  validate: runProfileValidate,
  new: runProfileNew,
  schema: runProfileSchema,
  test: runProfileTest,
};

export const profileCommand: Command = {
  name: 'profile',
  summary: 'List, show, validate, create and physically test device profiles; print their JSON Schema',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const [name, ...rest] = args;
    if (name === undefined) throw new UsageError('profile needs a subcommand: list, show, validate, new, schema or test');
    const subcommand = SUBCOMMANDS[name];
    if (subcommand === undefined) {
      throw new UsageError(
        `unknown profile subcommand ${JSON.stringify(name)}${didYouMean(name, Object.keys(SUBCOMMANDS))} (expected list, show, validate, new, schema or test)`,
      );
    }
    return subcommand(rest, io);
  },
};
