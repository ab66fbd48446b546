import Ajv2020Module from 'ajv/dist/2020.js';

// ajv ships CommonJS: the default import is module.exports, whose `default` is the class.
const Ajv2020 = Ajv2020Module.default;

/** Compiles a draft 2020-12 schema with every error reported. */
export function compileSchema(schema: object) {
  return new Ajv2020({ allErrors: true, strict: true }).compile(schema);
}
