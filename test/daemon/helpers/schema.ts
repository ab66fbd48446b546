import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import type { WireClient } from './wire-client.js';

const SCHEMA_PATH = fileURLToPath(new URL('../../../../shared/conformance/schemas/socket-protocol-v1.json', import.meta.url));

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object);

/** Null when the message is valid under the reference socket-protocol-v1 schema, else the errors. */
export function schemaErrors(message: unknown): string | null {
  return validate(message) ? null : ajv.errorsText(validate.errors);
}

/** The client's next server message, which the test also checks against the reference schema. */
export async function nextValidMessage(client: WireClient): Promise<Record<string, unknown>> {
  const message = await client.nextMessage();
  expect(schemaErrors(message), JSON.stringify(message)).toBeNull();
  return message;
}
