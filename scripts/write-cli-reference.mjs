// Writes docs/cli.md from the built commands' own help texts (npm run docs:cli; build first).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { cliReference } = await import(join(root, 'dist/src/cli/cli-reference.js'));
const { COMMAND_GROUPS } = await import(join(root, 'dist/src/cli/commands/index.js'));
writeFileSync(join(root, 'docs/cli.md'), await cliReference(COMMAND_GROUPS));
