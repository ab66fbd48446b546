import { z } from 'zod';
import { AGENT_STATES, CONTROL_ACTIONS, IDENTITY_ACCENTS, MAX_SELECTOR_SLOTS } from '../domain/index.js';
import {
  addressSchema,
  arrayOf,
  closedObject,
  integerFrom,
  MIDI_KINDS,
  midiChannel,
  midiKind,
  midiValue,
  nonEmptyString,
  says,
  textFor,
} from './schema-primitives.js';
import { maxMessagesPerSecondSchema, usbSchema } from './schema-hardware.js';
import { paletteSysexSchema } from './schema-palette-sysex.js';

/**
 * The structural layer of Device Profile Schema 1 (device-profile-schema-1.md §2).
 * Cross-field rules (unique addresses, id = slugs, 8x8 shape, conformance
 * requirements…) live in the semantic rules; `.meta()` copies the ones JSON
 * Schema can express into the generated schema so authors see them too.
 * Key order in each shape is the order the spec checks fields in.
 */

export const PROFILE_DRIVER = 'midi.palette-grid';
export const PROFILE_STATUSES = ['supported', 'experimental'] as const;
export const CONFORMANCE_LEVELS = ['core-state', 'multi-agent', 'actions'] as const;
export const PROFILE_ID_PATTERN = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*){2}$/;
const ACCENT_NAME_PATTERN = /^[a-z][a-z0-9-]*$/;

export type ProfileStatus = (typeof PROFILE_STATUSES)[number];
export type ConformanceLevel = (typeof CONFORMANCE_LEVELS)[number];

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

function versionOne(field: string) {
  return z.literal(1, {
    error: (issue) => (isInteger(issue.input) ? `unsupported ${field} ${issue.input} (this version reads ${field} 1)` : textFor(issue, 'must be an integer')),
  });
}

function shapeFor<K extends string, T extends z.ZodType>(keys: readonly K[], schema: T): Record<K, T> {
  return Object.fromEntries(keys.map((key) => [key, schema])) as Record<K, T>;
}

function compilesAsPattern(pattern: string, ctx: z.RefinementCtx<string>): void {
  try {
    new RegExp(pattern, 'i');
  } catch (error) {
    // V8 words it "Invalid regular expression: /<pattern>/i: <reason>"; keep only the reason.
    const reason = (error as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
    ctx.addIssue({ code: 'custom', message: `invalid regular expression ${JSON.stringify(pattern)}: ${reason}` });
  }
}

const portPatterns = z
  .array(nonEmptyString.superRefine(compilesAsPattern), says('must be a non-empty string array'))
  .min(1, says('must be a non-empty string array'))
  .meta({ description: 'Case-insensitive, unanchored patterns over MIDI port names; the first pattern that matches any port wins.' });

const eightOf = <T extends z.ZodType>(schema: T) => schema.meta({ minItems: 8, maxItems: 8 });

export const portsSchema = closedObject({ input: portPatterns, output: portPatterns });

export const gridSchema = closedObject({
  kind: midiKind,
  channel: midiChannel.default(0),
  rows: eightOf(arrayOf(eightOf(arrayOf(midiValue).min(1, says('must be a non-empty array')))).min(1, says('must be a non-empty array'))).meta({
    description: 'rows[0] is the top row; rows[y][0] the leftmost pad.',
  }),
});

const selectorSlots = (description: string) => arrayOf(addressSchema).meta({ minItems: 1, maxItems: MAX_SELECTOR_SLOTS, description });

export const surfaceSchema = closedObject({
  state_region: closedObject({
    x: integerFrom(0, 7),
    y: integerFrom(0, 7),
    width: integerFrom(1, 8).meta({ const: 7 }),
    height: integerFrom(1, 8).meta({ const: 8 }),
  }),
  actions: closedObject(shapeFor(CONTROL_ACTIONS, addressSchema.optional()), 'actions').prefault({}),
  agent_selectors: selectorSlots('Slot i is item i.'),
  agent_statuses: selectorSlots('Same length as agent_selectors.'),
  indicators: closedObject({ overflow: addressSchema.optional() }, 'indicators').prefault({}),
  showcase: closedObject({ top: eightOf(arrayOf(addressSchema)), right: eightOf(arrayOf(addressSchema)) }),
});

export const paletteSchema = closedObject(
  {
    off: midiValue,
    idle: midiValue,
    activity: midiValue,
    states: closedObject(shapeFor(AGENT_STATES, closedObject({ primary: midiValue, summary: midiValue })), 'states'),
    actions: closedObject(shapeFor(CONTROL_ACTIONS, closedObject({ enabled: midiValue })), 'actions'),
    system: closedObject({ overflow: midiValue }),
  },
  'sections',
);

export const accentSchema = closedObject({
  name: nonEmptyString.regex(ACCENT_NAME_PATTERN, { error: 'must be a lowercase slug (e.g. cyan)' }).meta({ enum: [...IDENTITY_ACCENTS] }),
  selected: midiValue,
  unselected: midiValue,
});

const conformanceSchema = arrayOf(z.string(says('must be a non-empty string array'))).meta({
  minItems: 1,
  items: { enum: [...CONFORMANCE_LEVELS] },
  contains: { const: 'core-state' },
});

const sysexCommand = closedObject({ type: z.literal('sysex'), data: arrayOf(midiValue) }).meta({
  description: 'One SysEx message; data excludes the F0/F7 framing.',
});

const channelCommand = closedObject({
  type: z.enum(MIDI_KINDS),
  channel: midiChannel.default(0),
  number: midiValue,
  value: midiValue,
});

const command = z
  .discriminatedUnion('type', [sysexCommand, channelCommand], {
    error: (issue) => (issue.code === 'invalid_union' ? "must be 'sysex', 'note', or 'cc'" : 'must be a JSON object'),
  })
  .meta({ id: 'command' });

const commandList = arrayOf(command).default([]);

export const messagesSchema = closedObject({ startup: commandList, clear: commandList, shutdown: commandList }).prefault({});

/** What a `show_rgb.group` item may name besides a literal byte (see showRgbSchema). */
export const RGB_GROUP_TOKENS = ['led', 'first', 'last', 'r', 'g', 'b', 'r_hi', 'r_lo', 'g_hi', 'g_lo', 'b_hi', 'b_lo'] as const;
export type RgbGroupToken = (typeof RGB_GROUP_TOKENS)[number];
export const RGB_LIGHT_SETS = ['show', 'grid'] as const;

const CHANNEL_MAX_TEXT = 'must be an integer from 1 to 127 (up to 255 when group sends each channel as _hi and _lo bytes)';

const rgbGroupItem = z.union([midiValue, z.enum(RGB_GROUP_TOKENS)], {
  error: () => `must be a byte from 0 to 127 or one of ${RGB_GROUP_TOKENS.join(', ')}`,
});

/*
 * Schema 1's three fields describe `prefix, (number, R, G, B)…` with 7-bit
 * channels. The optional fields after them (a Pad-Lattice extension; absent,
 * they mean exactly Schema 1) describe the other RGB SysEx layouts grid
 * controllers use: a lighting-type byte before each LED (Launchpad X / MK3:
 * group [3, "led", "r", "g", "b"]), LED ranges and 8-bit channels split in two
 * 7-bit bytes behind a 14-bit length (APC mini mk2: group ["first", "last",
 * "r_hi", "r_lo", …], length_header true), and devices whose rails are not RGB
 * (lights "grid").
 */
export const showRgbSchema = closedObject(
  {
    sysex_prefix: arrayOf(midiValue).min(1, says('must be a non-empty array of integers from 0 to 127')),
    channel_max: z
      .int(says(CHANNEL_MAX_TEXT))
      .min(1, says(CHANNEL_MAX_TEXT))
      .max(255, says(CHANNEL_MAX_TEXT))
      .meta({ description: "The device's maximum per-channel value; above 127 only when every channel is split into _hi/_lo bytes." }),
    batch_size: integerFrom(1, 127).meta({ description: 'At most this many groups per SysEx message.' }),
    group: arrayOf(rgbGroupItem).min(1, says('must be a non-empty array')).optional().meta({
      description:
        'The bytes of one group (default ["led", "r", "g", "b"]): literal bytes, "led" (one LED number) or "first" and "last" (a range of consecutive LED numbers sharing a colour), and each channel either as one byte ("r") or as its bit 7 and bits 0-6 ("r_hi", "r_lo").',
    }),
    length_header: z
      .boolean(says('must be boolean'))
      .optional()
      .meta({ description: 'Put the byte count of the groups, as two 7-bit bytes (high first), between the prefix and the groups (default false).' }),
    lights: z
      .enum(RGB_LIGHT_SETS, says("must be 'show' or 'grid'"))
      .optional()
      .meta({ description: '"show" (default): the 64 pads and both showcase rails are RGB; "grid": only the pads, the rails use their palette fallbacks.' }),
  },
  'fields',
);

export const capabilitiesSchema = closedObject({
  text_scroll: z.boolean(says('must be boolean')).default(true),
  // `null` means absent here, and only here (spec §3).
  show_rgb: showRgbSchema.nullish().transform((value) => value ?? undefined),
  palette_sysex: paletteSysexSchema.optional(),
}).prefault({});

export const deviceProfileSchema = z
  .strictObject(
    {
      $schema: z.string(says('must be a string')).optional().meta({ description: 'For editors: the JSON Schema this file follows; ignored.' }),
      schema_version: versionOne('schema_version'),
      visual_protocol: versionOne('visual_protocol'),
      id: nonEmptyString.regex(PROFILE_ID_PATTERN, {
        error: 'must be manufacturer/family/model in lowercase slug form (e.g. novation/launchpad/pro-mk1)',
      }),
      name: nonEmptyString,
      manufacturer: nonEmptyString,
      family: nonEmptyString,
      model: nonEmptyString,
      status: z.enum(PROFILE_STATUSES, {
        error: (issue) =>
          typeof issue.input === 'string' && issue.input !== ''
            ? `unsupported status '${issue.input}' (expected supported or experimental)`
            : textFor(issue, 'must be a non-empty string'),
      }),
      driver: z.literal(PROFILE_DRIVER, {
        error: (issue) =>
          typeof issue.input === 'string' && issue.input !== ''
            ? `unknown driver '${issue.input}' (the only trusted driver is ${PROFILE_DRIVER})`
            : textFor(issue, 'must be a non-empty string'),
      }),
      ports: portsSchema,
      grid: gridSchema,
      surface: surfaceSchema,
      palette: paletteSchema,
      accents: arrayOf(accentSchema).meta({ minItems: 1, maxItems: MAX_SELECTOR_SLOTS }),
      conformance: conformanceSchema,
      messages: messagesSchema,
      capabilities: capabilitiesSchema,
      verified_against: arrayOf(nonEmptyString).min(1, says('must be a non-empty array of document citations')).optional().meta({
        description:
          "A Pad-Lattice extension: the manufacturer's documents every fact of this experimental profile was checked against. Such a profile opens automatically, with a notice that it has not been tested on hardware yet.",
      }),
      copied_from: nonEmptyString
        .regex(PROFILE_ID_PATTERN, { error: 'must be the id of the profile this one was copied from (manufacturer/family/model)' })
        .optional()
        .meta({
          description:
            "A Pad-Lattice extension: the profile `pad-lattice profile new` copied this one from. Until verified_against says what this model's own documents confirmed, the log calls it an unverified copy of that profile.",
        }),
      max_messages_per_second: maxMessagesPerSecondSchema.optional(),
      usb: usbSchema.optional(),
    },
    { error: 'top-level profile must be a JSON object' },
  )
  .meta({
    title: 'Pad-Lattice Device Profile (Schema 1)',
    description:
      'A MIDI grid controller described as data for the midi.palette-grid driver. Cross-field rules (unique addresses, id = slugs of the metadata, conformance requirements) are checked by `pad-lattice profile validate`.',
  });

/** The profile as the parser returns it: defaults filled, unknown keys dropped. */
export type ProfileDocument = z.output<typeof deviceProfileSchema>;
export type ProfileCommand = ProfileDocument['messages']['startup'][number];
export type ShowRgbCapability = NonNullable<ProfileDocument['capabilities']['show_rgb']>;
export type PaletteSysexCapability = NonNullable<ProfileDocument['capabilities']['palette_sysex']>;
