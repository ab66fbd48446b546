import { publishedSchemaErrors } from '../../helpers/published-files.js';

/** Null when a daemon message is valid under our published schemas/web-surface-protocol-daemon.schema.json, else the errors. */
export function schemaErrors(message: unknown): string | null {
  return publishedSchemaErrors('web-surface-protocol-daemon.schema.json', message);
}

/** Every server message the test clients of one test file received (scenario 41). */
export const receivedMessages: { text: string; errors: string | null }[] = [];
