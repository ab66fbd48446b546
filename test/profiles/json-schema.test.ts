import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deviceProfileJsonSchemaText } from '../../src/profiles/index.js';
import { compileSchema } from './ajv.js';
import { proMk1, REPO_ROOT } from './helpers.js';

const COMMITTED = `${REPO_ROOT}schemas/device-profile.schema.json`;
const REGENERATE =
  'regenerate it with `UPDATE_PROFILE_SCHEMA=1 npx vitest run test/profiles/json-schema.test.ts` ' +
  '(or, after a build, `node dist/src/cli/main.js profile schema > schemas/device-profile.schema.json`)';

describe('our JSON Schema', () => {
  it('the committed schemas/device-profile.schema.json is what the zod schema generates', () => {
    const generated = deviceProfileJsonSchemaText();
    if (process.env['UPDATE_PROFILE_SCHEMA'] === '1') writeFileSync(COMMITTED, generated);
    expect(existsSync(COMMITTED), `schemas/device-profile.schema.json is missing; ${REGENERATE}`).toBe(true);
    expect(readFileSync(COMMITTED, 'utf8'), `schemas/device-profile.schema.json is stale; ${REGENERATE}`).toBe(generated);
  });

  it('is a valid draft 2020-12 schema that carries the structural rules', () => {
    const validate = compileSchema(JSON.parse(deviceProfileJsonSchemaText()) as object);
    expect(validate(proMk1())).toBe(true);
    expect(validate(proMk1((doc) => (doc.grid.rows[0][0] = 128)))).toBe(false);
    expect(validate(proMk1((doc) => doc.grid.rows.pop()))).toBe(false);
    expect(validate(proMk1((doc) => (doc.surface.actions.undo = { kind: 'cc', number: 1 })))).toBe(false);
    expect(validate(proMk1((doc) => (doc.conformance = ['actions'])))).toBe(false);
    // Closed everywhere, as the parser; optional where the parser has defaults.
    expect(validate(proMk1((doc) => Object.assign(doc, { notes: 'hand-made' })))).toBe(false);
    expect(validate(proMk1((doc) => (doc.capabilities.show_rbg = {})))).toBe(false);
    expect(validate(proMk1((doc) => delete doc.messages))).toBe(true);
  });
});
