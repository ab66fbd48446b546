// Writes docs/cli.md from the built commands' own help texts (npm run docs:cli; build first),
// then lets Biome align its tables as it formats every Markdown file.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const page = join(root, 'docs/cli.md');
const { cliReference } = await import(join(root, 'dist/src/cli/cli-reference.js'));
const { COMMAND_GROUPS } = await import(join(root, 'dist/src/cli/commands/index.js'));
writeFileSync(page, await cliReference(COMMAND_GROUPS));
execFileSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', page], { stdio: 'ignore' });
