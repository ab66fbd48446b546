import { readFile } from 'node:fs/promises';
import { fileProblem } from '../../support/file-errors.js';
import { deviceProfileJsonSchema, type ProfileIssue, type SchemaValidator } from '../../profiles/index.js';
import { jsonErrorLocation } from '../../profiles/json-problem.js';

/** ajv is an optional (development) dependency: profile authors install it, the daemon never needs it. */
export class SchemaToolingMissingError extends Error {
  override readonly name = 'SchemaToolingMissingError';
}

interface AjvError {
  readonly instancePath: string;
  readonly message?: string;
  readonly params: Record<string, unknown>;
}

/** `/surface/actions/0` (a JSON Pointer) → `surface.actions[0]`, the path form every profile error uses. */
function pointerToPath(pointer: string): string {
  let path = '';
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(segment)) path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return path;
}

function issueFrom(error: AjvError): ProfileIssue {
  const extra = error.params['additionalProperty'];
  const detail = typeof extra === 'string' ? ` ('${extra}')` : '';
  return { path: pointerToPath(error.instancePath), message: `JSON Schema: ${error.message ?? 'invalid'}${detail}` };
}

/**
 * A SchemaValidator backed by ajv (draft 2020-12): our generated schema, or the
 * JSON Schema in `schemaFile` (for example the reference's published schema).
 */
export async function makeSchemaValidator(schemaFile?: string): Promise<SchemaValidator> {
  const loaded = await import('ajv/dist/2020.js').catch(() => {
    throw new SchemaToolingMissingError('--validate-schema needs the optional package ajv (npm install ajv)');
  });
  // A CommonJS module: `default` is module.exports, whose own `default` is the class.
  const Ajv2020 = loaded.default.default;
  const schema = schemaFile === undefined ? deviceProfileJsonSchema() : await readSchemaFile(schemaFile);
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  return (document) => (validate(document) ? [] : (validate.errors ?? []).map(issueFrom));
}

/** The JSON Schema in `path`; an error names the file and what is wrong with it in words. */
async function readSchemaFile(path: string): Promise<object> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`--schema ${path}: ${fileProblem(error)}`);
  }
  try {
    return JSON.parse(text) as object;
  } catch (error) {
    // Where, as for a profile file, never what: the file need not be ours to show.
    throw new Error(`--schema ${path}: invalid JSON: at ${jsonErrorLocation(text, error as Error)}`);
  }
}
