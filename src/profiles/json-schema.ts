import { jsonFileText, toJsonSchema } from '../support/json-schema.js';
import { deviceProfileSchema } from './schema.js';

/**
 * The project's JSON Schema (draft 2020-12) for profile authors, generated from
 * the zod schema. It describes what the parser accepts as *input*: fields with
 * defaults are optional and most objects stay open, as in the runtime parser;
 * cross-field rules are not expressible and are checked by `profile validate`.
 */
export function deviceProfileJsonSchema(): Record<string, unknown> {
  return toJsonSchema(deviceProfileSchema);
}

/** The schema as committed in `schemas/device-profile.schema.json`: 2-space JSON with a trailing newline. */
export function deviceProfileJsonSchemaText(): string {
  return jsonFileText(deviceProfileJsonSchema());
}
