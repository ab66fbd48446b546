import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { formatIssueLine, parseDeviceProfile, readProfileText, type CatalogLoad, type DeviceProfile } from '../../profiles/index.js';
import { jsonErrorLocation } from '../../profiles/json-problem.js';
import { escapeUntrusted } from '../../support/untrusted-text.js';
import { newProfileDocument } from '../../profiles/new-profile.js';
import { EXIT, UsageError, type CliIo } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import { loadCatalogFor, userRootsFor } from './profile-context.js';

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * `profile new ID --from SOURCE`: a complete, valid profile for a new
 * controller, copied from a loaded one with the id and its metadata set, in
 * the first user profile folder (where a running daemon picks it up), or in
 * --output FILE, or on stdout with --output -. Never overwrites without --force.
 */
export async function runProfileNew(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    { from: { type: 'string' }, name: { type: 'string' }, output: { type: 'string' }, force: { type: 'boolean', default: false } },
    true,
  );
  if (positionals.length !== 1) throw new UsageError('profile new takes exactly one profile id (manufacturer/family/model)');
  if (values.from === undefined || values.from === '')
    throw new UsageError("profile new needs --from ID, the profile to start from (see 'pad-lattice profile list')");
  if (values.name === '') throw new UsageError('--name must not be empty');
  const id = positionals[0]!;
  const load = await loadCatalogFor(io);
  const { catalog } = load;
  const source = sourceProfile(load, values.from, userRootsFor(io));
  // The file the catalog read a moment ago; should it have changed since, it is placed like any profile file.
  const text = await readProfileText(source.source);
  let original: Record<string, unknown>;
  try {
    original = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    io.stderr.write(`pad-lattice profile new: ${source.source}: invalid JSON: at ${jsonErrorLocation(text, error as Error)}\n`);
    return EXIT.failure;
  }
  let document: Record<string, unknown>;
  try {
    document = newProfileDocument(original, id, values.name);
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
  const target = values.output ?? join(userRootsFor(io)[0]!, `${id}.json`);
  const checked = parseDeviceProfile(document, target);
  if (!checked.ok) {
    // Only a broken source gets here (a built-in never is): say which rule, and write nothing.
    for (const issue of checked.issues) io.stderr.write(`pad-lattice profile new: ${formatIssueLine(target, issue)}\n`);
    return EXIT.failure;
  }
  const written = `${JSON.stringify(document, null, 2)}\n`;
  if (target === '-') {
    io.stdout.write(written);
    return EXIT.ok;
  }
  if (catalog.find(id) !== undefined && values.output === undefined && values.force !== true) {
    io.stderr.write(`pad-lattice profile new: a profile ${id} is already loaded (${catalog.get(id).source}); pick another id, or --force to replace a file\n`);
    return EXIT.failure;
  }
  await mkdir(dirname(target), { recursive: true });
  try {
    await writeFile(target, written, { flag: values.force === true ? 'w' : 'wx', mode: 0o644 });
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    io.stderr.write(`pad-lattice profile new: ${target} already exists; choose another --output, or --force to overwrite it\n`);
    return EXIT.failure;
  }
  const copied = (patterns: readonly string[]) => patterns.map((pattern) => `'${escapeUntrusted(pattern)}'`).join(', ');
  io.stdout.write(
    `wrote ${target} (${id}, experimental, an unverified copy of ${source.id})\n` +
      `Its port patterns are placeholders that match nothing: the copied ones (input ${copied(source.ports.input)},\n` +
      `output ${copied(source.ports.output)}) would open ${source.id}'s own controller under the new profile.\n` +
      `Put your controller's port names there ('pad-lattice ports' lists them), then check the file with\n` +
      `  pad-lattice profile validate ${target}\n` +
      `${whereLoaded(target, userRootsFor(io), id)}\n`,
  );
  return EXIT.ok;
}

/** The loaded MIDI device profile to copy; a surface profile's id says how to copy one of those instead. */
function sourceProfile(load: CatalogLoad, id: string, roots: readonly string[]): DeviceProfile {
  const entry = load.catalog.find(id) === undefined ? load.surfaces.find((surface) => surface.id === id) : undefined;
  if (entry === undefined) return load.catalog.get(id);
  throw new UsageError(
    `${id} is a ${entry.driver} surface profile; profile new copies MIDI device profiles. Copy ${entry.source} into ${roots[0]} by hand and change its id, name, manufacturer, family and model`,
  );
}

/** Whether a running daemon will load `target`: a `*.json` below a profile folder, in no hidden folder (see listProfileFiles). */
function whereLoaded(target: string, roots: readonly string[], id: string): string {
  const absolute = resolve(target);
  const loaded = roots.some((root) => {
    const inside = relative(resolve(root), absolute);
    return inside !== '' && !isAbsolute(inside) && inside.split(sep).every((part) => !part.startsWith('.'));
  });
  if (loaded && absolute.endsWith('.json')) return `A running daemon loads it within about a second; it opens it with --profile ${id}.`;
  return (
    `No daemon loads it from there: daemons read the *.json files in ${roots.join(', ')} (and in folders you add to PAD_LATTICE_PROFILE_PATH).\n` +
    `Move it into one of those to use --profile ${id}, or start the daemon with --profile-file ${target}.`
  );
}
