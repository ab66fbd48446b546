import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliReference } from '../../src/cli/cli-reference.js';
import { COMMAND_GROUPS, COMMANDS } from '../../src/cli/commands/index.js';

const PAGE = new URL('../../docs/cli.md', import.meta.url);

/** The page without the padding Biome adds to align its tables. */
const unpadded = (text: string) =>
  text
    .split('\n')
    .map((line) => (line.startsWith('|') ? line.replace(/ *\| */g, '|').replace(/-{3,}/g, '---') : line))
    .join('\n');

describe('docs/cli.md', () => {
  it('is what the commands’ own help texts make of it (run `npm run docs:cli` after changing a help)', async () => {
    expect(unpadded(readFileSync(PAGE, 'utf8'))).toBe(unpadded(await cliReference(COMMAND_GROUPS)));
  });

  it('has a row for every command, with its options', async () => {
    const page = await cliReference(COMMAND_GROUPS);
    for (const { name } of COMMANDS) expect(page).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
    expect(page).toMatch(/^\| `doctor` .*`--socket`, `--hooks-path`, `--json` \|$/m);
    expect(page).toMatch(/^\| `demo` .*`--no-greeting`, `--greeting-delay`, `--audio`/m);
  });
});
