import { BUILTIN_PROFILE_ROOT, formatIssueLine, loadCatalog, userRootsOf, type CatalogLoad, type ProfileProblem } from '../../profiles/index.js';
import type { CliIo } from '../command.js';
import { escapeUntrusted } from '../../support/untrusted-text.js';

export { BUILTIN_PROFILE_ROOT, homeFrom } from '../../profiles/index.js';

export function userRootsFor(io: CliIo): string[] {
  return userRootsOf(io.env);
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
