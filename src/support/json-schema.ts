import { z } from 'zod';

/**
 * A published JSON Schema (draft 2020-12) generated from a zod schema. It
 * describes the *input* a parser accepts: fields with defaults are optional.
 */
export function toJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema, title, ...rest } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
  // Title first, where a reader looks for it.
  return title === undefined ? { $schema, ...rest } : { $schema, title, ...rest };
}

/** A JSON file as the repository commits it: 2-space indent and a trailing newline. */
export function jsonFileText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
