import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';

const SCHEMA_PATH = fileURLToPath(new URL('../../../../shared/conformance/schemas/web-surface-protocol-v1.json', import.meta.url));

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object);

/** Null when the message is valid under the published Web Surface Protocol v1 schema, else the errors. */
export function schemaErrors(message: unknown): string | null {
  return validate(message) ? null : ajv.errorsText(validate.errors);
}

/** Every server message the test clients of one test file received (scenario 41). */
export const receivedMessages: { text: string; errors: string | null }[] = [];
