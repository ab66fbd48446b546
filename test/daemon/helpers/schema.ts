import { expect } from 'vitest';
import { publishedSchemaErrors } from '../../helpers/published-files.js';
import type { WireClient } from './wire-client.js';

/** Null when a daemon message is valid under our published schemas/wire-protocol-daemon.schema.json, else the errors. */
export function schemaErrors(message: unknown): string | null {
  return publishedSchemaErrors('wire-protocol-daemon.schema.json', message);
}

/** The client's next server message, which the test also checks against our published schema. */
export async function nextValidMessage(client: WireClient): Promise<Record<string, unknown>> {
  const message = await client.nextMessage();
  expect(schemaErrors(message), JSON.stringify(message)).toBeNull();
  return message;
}
