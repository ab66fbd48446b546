import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import Ajv2020Module from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_FILES, SCHEMAS_DIR, publishedText, type PublishedFile } from '../helpers/published-files.js';

const Ajv2020 = Ajv2020Module.default;
const FILES = Object.keys(PUBLISHED_FILES) as PublishedFile[];
const REGENERATE = 'regenerate with `UPDATE_SCHEMAS=1 npx vitest run test/schemas/published-files.test.ts`';

describe('schemas/: our published contracts', () => {
  it.each(FILES)('%s is what the code generates', (file) => {
    const generated = publishedText(file);
    if (process.env['UPDATE_SCHEMAS'] === '1') writeFileSync(`${SCHEMAS_DIR}${file}`, generated);
    expect(existsSync(`${SCHEMAS_DIR}${file}`), `schemas/${file} is missing; ${REGENERATE}`).toBe(true);
    expect(readFileSync(`${SCHEMAS_DIR}${file}`, 'utf8'), `schemas/${file} is stale; ${REGENERATE}`).toBe(generated);
  });

  it('holds nothing else but its README', () => {
    expect(readdirSync(SCHEMAS_DIR).sort()).toEqual([...FILES, 'README.md'].sort());
  });

  it.each(FILES.filter((file) => file.endsWith('.schema.json')))('%s is a valid draft 2020-12 schema under strict ajv', (file) => {
    expect(() => new Ajv2020({ strict: true }).compile(JSON.parse(publishedText(file)) as object)).not.toThrow();
  });
});
