import { z } from 'zod';
import { arrayOf, closedObject, integerFrom, midiValue, says } from './schema-primitives.js';

/** What a `palette_sysex.group` item may name besides a literal byte. */
export const PALETTE_GROUP_TOKENS = ['led', 'value'] as const;
export type PaletteGroupToken = (typeof PALETTE_GROUP_TOKENS)[number];

const paletteGroupItem = z.union([midiValue, z.enum(PALETTE_GROUP_TOKENS)], {
  error: () => `must be a byte from 0 to 127 or one of ${PALETTE_GROUP_TOKENS.join(', ')}`,
});

/*
 * A Pad-Lattice extension (absent, a profile means exactly Schema 1, where
 * every light is one Note On or Control Change). Many controllers document
 * one SysEx message that sets many LEDs to palette colours at once; with it,
 * the lights a frame changes go out as few such messages — one per frame on
 * the Launchpads — instead of one message per light: Launchpad Pro Mk1 and
 * MK2 "0Ah" (group ["led", "value"]), Launchpad X and the MK3 family's LED
 * lighting message with lighting type 0 (group [0, "led", "value"]).
 */
export const paletteSysexSchema = closedObject(
  {
    sysex_prefix: arrayOf(midiValue)
      .min(1, says('must be a non-empty array of integers from 0 to 127'))
      .meta({ description: 'The bytes after F0 and before the first group (F0 and F7 are added).' }),
    batch_size: integerFrom(1, 127).meta({ description: 'At most this many groups (LEDs) per SysEx message, as the device documents.' }),
    group: arrayOf(paletteGroupItem).min(1, says('must be a non-empty array')).optional().meta({
      description:
        'The bytes of one LED (default ["led", "value"]): literal bytes, "led" (the light\'s number, the same as its note or controller number) and "value" (its palette value).',
    }),
  },
  'fields',
).meta({
  description:
    "A Pad-Lattice extension: the lights a frame changes go out as batched SysEx messages of palette values instead of one Note On / Control Change each. The SysEx addresses LEDs by number, so every light's number must be unique.",
});
