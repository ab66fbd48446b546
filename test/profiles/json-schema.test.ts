import { describe, expect, it } from 'vitest';
import { deviceProfileJsonSchemaText } from '../../src/profiles/index.js';
import { compileSchema } from './ajv.js';
import { proMk1 } from './helpers.js';

// That schemas/device-profile.schema.json is what this generates: test/schemas/published-files.test.ts.
describe('our JSON Schema', () => {
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
