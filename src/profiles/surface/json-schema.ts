import { z } from 'zod';
import { monomeGridProfileSchema, streamDeckProfileSchema } from './surface-schema.js';

/**
 * The JSON Schema (draft 2020-12) of Surface Profile Schema 1 for profile
 * authors, generated from the zod schema: one branch per driver. Rules across
 * fields (positions on the surface, each used once) are checked by
 * `pad-lattice profile validate`.
 */
export function surfaceProfileJsonSchema(): Record<string, unknown> {
  const schema = z.union([monomeGridProfileSchema, streamDeckProfileSchema]).meta({
    title: 'Pad-Lattice Surface Profile (Schema 1)',
    description: 'Which role sits where on a monome grid (serial.monome-grid) or an Elgato Stream Deck (hid.stream-deck).',
  });
  return z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
}

/** As committed in `schemas/surface-profile.schema.json`: 2-space JSON with a trailing newline. */
export function surfaceProfileJsonSchemaText(): string {
  return `${JSON.stringify(surfaceProfileJsonSchema(), null, 2)}\n`;
}
