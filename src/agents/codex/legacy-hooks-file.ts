import { mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { replaceFileAtomically, UnsafePathError } from '../../support/private-file.js';
import { withoutLegacyHooks } from './legacy-hooks.js';
import { errnoCode, fileProblem } from '../../support/file-errors.js';

/** A hooks file that cannot be cleaned: `pad-lattice: <message>`, exit 2. */
export class HooksFileError extends Error {
  override readonly name = 'HooksFileError';
  constructor(
    message: string,
    /** True when the file was read but its content is unusable (exit 2); false when it could not be read. */
    readonly readable: boolean,
  ) {
    super(message);
  }
}

/** `$CODEX_HOME/hooks.json` when CODEX_HOME is non-empty (with `~` expanded), else `~/.codex/hooks.json`. */
export function defaultHooksPath(env: NodeJS.ProcessEnv): string {
  const home = env['HOME'] !== undefined && env['HOME'] !== '' ? env['HOME'] : homedir();
  const codexHome = env['CODEX_HOME'];
  if (codexHome !== undefined && codexHome !== '') return join(expandHome(codexHome, home), 'hooks.json');
  return join(home, '.codex', 'hooks.json');
}

function expandHome(path: string, home: string): string {
  return path === '~' || path.startsWith('~/') ? `${home}${path.slice(1)}` : path;
}

/** Reads a hooks file; a missing file is `{}`. Throws HooksFileError for invalid JSON or a non-object. */
export function readHooksFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return {};
    throw new HooksFileError(`${path}: cannot be read: ${fileProblem(error)}`, false);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HooksFileError(`${path}: invalid JSON: ${(error as Error).message}`, true);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HooksFileError(`${path}: top-level value must be a JSON object`, true);
  }
  return value as Record<string, unknown>;
}

/**
 * Removes Pad-Lattice handlers from the file at `path`; rewrites it (sorted
 * keys, two-space indent, trailing newline, mode 0600, through an unguessable
 * staging sibling that no planted link can redirect) only when something was removed. Returns whether it did.
 */
export function removeLegacyHooks(path: string): boolean {
  const { document, removed } = withoutLegacyHooks(readHooksFile(path));
  if (removed === 0) return false;
  mkdirSync(dirname(path), { recursive: true });
  try {
    replaceFileAtomically(path, `${JSON.stringify(sortKeys(document), null, 2)}\n`);
  } catch (error) {
    if (error instanceof UnsafePathError) throw new HooksFileError(error.message, false);
    throw error;
  }
  return true;
}

/** Object keys sorted at every depth (Python's `sort_keys=True`). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, sortKeys(item)]));
}
