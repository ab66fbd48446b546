import { homedir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../support/package-info.js';
import { formatIssueLine, loadCatalog, userProfileRoots, type CatalogLoad, type ProfileProblem } from '../../profiles/index.js';
import type { CliIo } from '../command.js';
import { escapeUntrusted } from '../../support/untrusted-text.js';

/** The packaged built-in profiles; PACKAGE_ROOT resolves the same from src/ (tests) and dist/. */
export const BUILTIN_PROFILE_ROOT = join(PACKAGE_ROOT, 'profiles');

/** The home directory as the command's environment says, so tests can point it at a temporary folder. */
export function homeFrom(env: NodeJS.ProcessEnv): string {
  return env['HOME'] || env['USERPROFILE'] || homedir();
}

export function userRootsFor(io: CliIo): string[] {
  return userProfileRoots({ env: io.env, home: homeFrom(io.env) });
}

/** Built-ins plus the user roots of this environment. */
export function loadCatalogFor(io: CliIo): Promise<CatalogLoad> {
  return loadCatalog({ builtinRoot: BUILTIN_PROFILE_ROOT, userRoots: userRootsFor(io) });
}

/** Every issue of every problem, one `<file>: <path>: <message>` line each. */
export function problemLines(problems: readonly ProfileProblem[]): string[] {
  // File names and the keys quoted from a file are shown escaped: a planted name must not drive the terminal.
  return problems.flatMap((problem) => problem.issues.map((issue) => escapeUntrusted(formatIssueLine(problem.source, issue))));
}

/** The problems in the JSON shape every profile subcommand uses. */
export function problemsJson(problems: readonly ProfileProblem[]) {
  return problems.map((problem) => ({ source: problem.source, issues: problem.issues }));
}
