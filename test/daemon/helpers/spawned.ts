import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built CLI, for tests that run the daemon as its own process (as users and agents do). */
export const CLI = join(fileURLToPath(new URL('../../../', import.meta.url)), 'dist/src/cli/main.js');

export function requireBuiltCli(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npx tsc -p tsconfig.json; npm test does this)`);
}
