import { z } from 'zod';
import { AGENT_STATES, CONTROL_ACTIONS, MAX_SELECTOR_SLOTS, type AgentState } from '../../domain/index.js';
import { integerFrom, nonEmptyString, says, textFor } from '../schema-primitives.js';
import { PROFILE_ID_PATTERN, PROFILE_STATUSES } from '../schema.js';

/**
 * Surface Profile Schema 1: Device Profile Schema 1's idea — a JSON file says
 * which role sits where — for surfaces that are not MIDI grids. A monome grid
 * (`serial.monome-grid`) places roles on its cells and says how bright each
 * kind of light is; a Stream Deck (`hid.stream-deck`) places them on its keys.
 * Positions are `[x, y]`: column from the left, row from the top. Unknown keys
 * are errors, so a misspelt field never silently does nothing.
 */

export const MONOME_GRID_DRIVER = 'serial.monome-grid';
export const STREAM_DECK_DRIVER = 'hid.stream-deck';
export const SURFACE_DRIVERS = [MONOME_GRID_DRIVER, STREAM_DECK_DRIVER] as const;
export type SurfaceDriver = (typeof SURFACE_DRIVERS)[number];

const MAX_SIDE = 32;

const strict = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field: ${[...issue.keys].sort().join(', ')}` : textFor(issue, 'must be a JSON object')),
  });

const versionOne = (field: string) =>
  z.literal(1, {
    error: (issue) =>
      typeof issue.input === 'number' ? `unsupported ${field} ${issue.input} (this version reads ${field} 1)` : textFor(issue, 'must be the integer 1'),
  });

export const cellSchema = z
  .tuple([integerFrom(0, MAX_SIDE - 1), integerFrom(0, MAX_SIDE - 1)], says('must be a position [x, y]'))
  .meta({ description: '[x, y]: column from the left, row from the top, both from 0.' });

export type Cell = z.output<typeof cellSchema>;

const sizeSchema = strict({ columns: integerFrom(1, MAX_SIDE), rows: integerFrom(1, MAX_SIDE) });

const selectors = z
  .array(cellSchema, says('must be an array of positions'))
  .min(1, says('must place at least one Agent Scene'))
  .max(MAX_SELECTOR_SLOTS, says(`must place at most ${MAX_SELECTOR_SLOTS} Agent Scenes`))
  .meta({ description: 'Slot i of the control plane sits at item i.' });

const actions = strict(
  Object.fromEntries(CONTROL_ACTIONS.map((action) => [action, cellSchema.optional()])) as Record<
    (typeof CONTROL_ACTIONS)[number],
    z.ZodOptional<typeof cellSchema>
  >,
);

const metadata = {
  schema_version: versionOne('schema_version'),
  visual_protocol: versionOne('visual_protocol'),
  id: nonEmptyString.regex(PROFILE_ID_PATTERN, { error: 'must be manufacturer/family/model in lowercase slug form (e.g. monome/grid/128)' }),
  name: nonEmptyString,
  manufacturer: nonEmptyString,
  family: nonEmptyString,
  model: nonEmptyString,
  status: z.enum(PROFILE_STATUSES, says('must be supported or experimental')),
};

const level = integerFrom(0, 15);

/** Default status brightness per state: the states that need a person are the brightest. */
const STATUS_LEVELS: Readonly<Record<AgentState, number>> = {
  running: 5,
  waiting_for_reply: 11,
  user_typing: 7,
  waiting_for_approval: 15,
  success: 3,
  error: 9,
  cancelled: 2,
};

/**
 * How bright each kind of light is on a grid (0 dark … 15 full): brightness
 * stands in for colour. The glyph's shape tells the selected state; the status
 * column tells each agent's state by its level.
 */
export const levelsSchema = strict({
  off: level.default(0),
  idle: level.default(3),
  activity: level.default(15),
  glyph: level.default(15),
  statuses: strict(
    Object.fromEntries(AGENT_STATES.map((state) => [state, level.default(STATUS_LEVELS[state])])) as Record<AgentState, z.ZodDefault<typeof level>>,
  ).prefault({}),
  accent_selected: level.default(15),
  accent_unselected: level.default(4),
  action: level.default(12),
  overflow: level.default(8),
}).prefault({});

export const monomeGridProfileSchema = strict({
  ...metadata,
  driver: z.literal(MONOME_GRID_DRIVER),
  size: sizeSchema.meta({ description: 'The grid this profile fits, as the grid reports it (0x05 → 0x03 x y).' }),
  leds: z
    .enum(['varibright', 'monobright'], says("must be 'varibright' or 'monobright'"))
    .default('varibright')
    .meta({ description: 'varibright grids show 16 levels; monobright ones light every level above 0 fully.' }),
  layout: strict({
    state_region: strict({ x: integerFrom(0, MAX_SIDE - 1), y: integerFrom(0, MAX_SIDE - 1) })
      .optional()
      .meta({ description: "Top-left cell of the 7x8 glyph of the selected agent's state; leave out when the grid has no room." }),
    agent_selectors: selectors,
    agent_statuses: z.array(cellSchema, says('must be an array of positions')).optional().meta({ description: 'Same length as agent_selectors.' }),
    actions: actions.prefault({}),
    overflow: cellSchema.optional(),
  }),
  levels: levelsSchema,
}).meta({ title: 'Pad-Lattice surface profile: monome grid (serial, mext)' });

export const streamDeckProfileSchema = strict({
  ...metadata,
  driver: z.literal(STREAM_DECK_DRIVER),
  size: sizeSchema.meta({ description: "The key grid this profile fits (the library's model table: columns x rows)." }),
  brightness: integerFrom(0, 100).default(70).meta({ description: 'Panel brightness in percent.' }),
  layout: strict({
    glyph: cellSchema.optional().meta({ description: "The key that shows the selected agent's state glyph." }),
    agent_selectors: selectors,
    actions: actions.prefault({}),
    overflow: cellSchema.optional(),
  }),
}).meta({ title: 'Pad-Lattice surface profile: Elgato Stream Deck (HID)' });

export type MonomeGridProfile = z.output<typeof monomeGridProfileSchema> & { readonly source: string };
export type StreamDeckProfile = z.output<typeof streamDeckProfileSchema> & { readonly source: string };
export type SurfaceProfile = MonomeGridProfile | StreamDeckProfile;
export type GridLevels = z.output<typeof levelsSchema>;

export const SURFACE_SCHEMAS = { [MONOME_GRID_DRIVER]: monomeGridProfileSchema, [STREAM_DECK_DRIVER]: streamDeckProfileSchema } as const;

export function isSurfaceDriver(value: unknown): value is SurfaceDriver {
  return typeof value === 'string' && (SURFACE_DRIVERS as readonly string[]).includes(value);
}
