import { catalogEntries } from '../../profiles/index.js';
import { EXIT, type CliIo } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import { loadCatalogFor, problemLines, problemsJson } from './profile-context.js';
import { escapeUntrusted, stringifyJsonSafely } from '../../support/untrusted-text.js';

/** `profile list`: one `<id>\t<status>\t<name>` line per profile; broken files go to stderr and make the exit 1. */
export async function runProfileList(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, { json: { type: 'boolean', default: false } });
  const load = await loadCatalogFor(io);
  const { problems } = load;
  // MIDI device profiles and serial/HID surface profiles (monome, Stream Deck, Corsair) alike, as `status` lists them.
  const every = catalogEntries(load).map((entry) => entry.profile);
  if (values.json === true) {
    const profiles = every.map(({ id, status, name, driver, source }) => ({ id, status, name, driver, source }));
    io.stdout.write(`${stringifyJsonSafely({ profiles, problems: problemsJson(problems) }, 2)}\n`);
  } else {
    for (const profile of every) io.stdout.write(`${profile.id}\t${profile.status}\t${escapeUntrusted(profile.name)}\n`);
    for (const line of problemLines(problems)) io.stderr.write(`pad-lattice profile list: ${line}\n`);
  }
  return problems.length === 0 ? EXIT.ok : EXIT.failure;
}
