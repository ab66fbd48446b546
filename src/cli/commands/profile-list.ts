import { EXIT, type CliIo } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import { loadCatalogFor, problemLines, problemsJson } from './profile-context.js';
import { escapeUntrusted, stringifyJsonSafely } from '../../support/untrusted-text.js';

/** `profile list`: one `<id>\t<status>\t<name>` line per profile; broken files go to stderr and make the exit 1. */
export async function runProfileList(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, { json: { type: 'boolean', default: false } });
  const { catalog, problems } = await loadCatalogFor(io);
  if (values.json === true) {
    const profiles = catalog.profiles.map(({ id, status, name, source }) => ({ id, status, name, source }));
    io.stdout.write(`${stringifyJsonSafely({ profiles, problems: problemsJson(problems) }, 2)}\n`);
  } else {
    for (const profile of catalog.profiles) io.stdout.write(`${profile.id}\t${profile.status}\t${escapeUntrusted(profile.name)}\n`);
    for (const line of problemLines(problems)) io.stderr.write(`pad-lattice profile list: ${line}\n`);
  }
  return problems.length === 0 ? EXIT.ok : EXIT.failure;
}
