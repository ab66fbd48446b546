import { z } from 'zod';
import { unlessMissing, integer, nonEmptyString, positiveInteger, schemaVersion } from './fields.js';

/*
 * The structure of Performance Manifest 1 (experiences.md §6.1). Indices are
 * checked against the palette and acts, and durations against each other, by
 * performance-checks.ts.
 */

const GRID_SIZE_ERROR = 'dimensions must be the 8x8 grid with 8 top and 8 right lights';
const eight = z.literal(8, { error: unlessMissing(GRID_SIZE_ERROR) });

const dimensions = z.strictObject(
  { grid: z.tuple([eight, eight], { error: unlessMissing(GRID_SIZE_ERROR) }), top: eight, right: eight },
  { error: unlessMissing(GRID_SIZE_ERROR) },
);

const channel = integer.min(0, { error: 'must be an integer 0..255' }).max(255, { error: 'must be an integer 0..255' });

const color = z.strictObject({
  fallback: nonEmptyString,
  rgb: z.tuple([channel, channel, channel], { error: unlessMissing('must be an array of 3 integers 0..255') }),
});

const paletteIndex = integer.min(0, { error: 'is outside the palette' });

const lights = z.array(paletteIndex).length(8, { error: 'must have exactly 8 entries' });

const cue = z.strictObject({
  act: integer.min(0, { error: 'is outside the acts array' }),
  duration_ms: positiveInteger,
  caption: nonEmptyString.nullable(),
  frame: z.strictObject({
    grid: z.array(lights).length(8, { error: 'must have exactly 8 rows' }),
    top: lights,
    right: lights,
  }),
});

const audio = z.strictObject({
  asset: nonEmptyString,
  mime_type: z.literal('audio/wav', { error: unlessMissing('mime_type must be "audio/wav"') }),
  duration_ms: positiveInteger,
});

export const performanceManifestSchema = z.strictObject({
  schema_version: schemaVersion,
  kind: z.literal('performance', { error: unlessMissing('kind must be "performance"') }),
  id: nonEmptyString,
  title: nonEmptyString,
  dimensions,
  duration_ms: positiveInteger,
  acts: z.array(nonEmptyString).min(1, { error: 'must have at least 1 act' }),
  palette: z.array(color).min(1, { error: 'must have at least 1 colour' }).max(4096, { error: 'must have at most 4096 colours' }),
  cues: z.array(cue).min(1, { error: 'must have at least 1 cue' }).max(4096, { error: 'must have at most 4096 cues' }),
  audio,
});

export type RawPerformanceManifest = z.output<typeof performanceManifestSchema>;
