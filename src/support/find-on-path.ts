import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';

/**
 * The first executable file called `name` in the directories of `env.PATH`,
 * as a shell would find it (relative directories against `cwd`), or null.
 */
export function findOnPath(name: string, env: NodeJS.ProcessEnv, cwd: string = process.cwd()): string | null {
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = resolve(cwd, dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
