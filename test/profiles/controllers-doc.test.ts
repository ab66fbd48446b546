import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listProfileFiles } from '../../src/profiles/index.js';
import { BUILTIN_ROOT, REPO_ROOT } from './helpers.js';

describe('docs/controllers-and-profiles.md', () => {
  it('lists every built-in profile, each in a table row of its own', async () => {
    const page = readFileSync(`${REPO_ROOT}docs/controllers-and-profiles.md`, 'utf8');
    const ids = (await listProfileFiles(BUILTIN_ROOT)).map((file) => (JSON.parse(readFileSync(file, 'utf8')) as { id: string }).id);
    const rows = page.split('\n').filter((line) => line.startsWith('| `'));
    expect(rows.map((row) => /^\| `([^`]+)`/.exec(row)![1]).sort()).toEqual(ids.sort());
    expect(page).toContain(`There are ${ids.length} built-in profiles`);
  });
});
