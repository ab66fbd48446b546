import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { errnoCode, fileProblem } from '../support/file-errors.js';

/**
 * One line saying why the daemon could not create its socket at `path` and
 * what to do, or null when `error` is not such a failure. Node reports a
 * missing folder as `listen EACCES`, so the folder is looked at here.
 */
export function socketProblem(error: unknown, path: string): string | null {
  const about = error as { path?: unknown; address?: unknown } | null;
  // Only a system error about the socket file itself (lstat, listen, chmod of `path`).
  if (errnoCode(error) === undefined || (about?.path !== path && about?.address !== path)) return null;
  const folder = dirname(path);
  const cannot = `cannot create the socket ${path}`;
  const elsewhere = 'choose another path with --socket';
  try {
    if (!statSync(folder).isDirectory()) return `${cannot}: ${folder} is not a folder; ${elsewhere}`;
  } catch (statError) {
    if (errnoCode(statError) === 'ENOENT') return `${cannot}: the folder ${folder} does not exist; create it (mkdir -p ${folder}) or ${elsewhere}`;
    return `${cannot}: the folder ${folder} cannot be used (${fileProblem(statError)}); ${elsewhere}`;
  }
  const code = errnoCode(error);
  if (code === 'EACCES' || code === 'EPERM') return `${cannot}: no permission to write in ${folder}; ${elsewhere} in a folder you own`;
  return `${cannot}: ${fileProblem(error)}; ${elsewhere}`;
}
