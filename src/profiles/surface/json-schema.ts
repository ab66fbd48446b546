import { z } from 'zod';
import { toJsonSchema } from '../../support/json-schema.js';
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
  return toJsonSchema(schema);
}
