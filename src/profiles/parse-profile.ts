import type { z } from 'zod';
import { buildDeviceProfile, type DeviceProfile } from './device-profile.js';
import { IN_MEMORY_SOURCE, ProfileValidationError } from './errors.js';
import { formatPath, inEvaluationOrder, structuralRank, type PathSegment, type ProfileIssue, type RankedIssue } from './issues.js';
import type { ProfileParts, Report } from './rule-context.js';
import { checkAccents } from './rules-accents.js';
import { checkConformance } from './rules-conformance.js';
import { checkGrid } from './rules-grid.js';
import { checkIdMatchesMetadata } from './rules-identity.js';
import { checkPaletteGroup, checkPaletteNumbers } from './rules-palette-sysex.js';
import { checkRgbGroup, checkShowNumbers } from './rules-show-rgb.js';
import { checkControlDuplicates, checkRegionOverlap, checkShowcaseDuplicates } from './rules-surface-addresses.js';
import { checkSelectorSlots, checkShowcaseLength, checkStateRegion } from './rules-surface-shape.js';
import { deviceProfileSchema, gridSchema, surfaceSchema, type ProfileDocument } from './schema.js';
import { textFor } from './schema-primitives.js';
import { unknownKeysMessage } from './unknown-keys.js';

export type ProfileParseResult = { readonly ok: true; readonly profile: DeviceProfile } | { readonly ok: false; readonly issues: readonly ProfileIssue[] };

const SEMANTIC_RULES: readonly ((parts: ProfileParts, report: Report) => void)[] = [
  checkIdMatchesMetadata,
  checkGrid,
  checkStateRegion,
  checkSelectorSlots,
  checkShowcaseLength,
  checkShowcaseDuplicates,
  checkControlDuplicates,
  checkRegionOverlap,
  checkAccents,
  checkConformance,
  checkRgbGroup,
  checkShowNumbers,
  checkPaletteGroup,
  checkPaletteNumbers,
];

/** grid and surface are parsed field by field, so their cross-field rules can run on whatever is valid. */
const SECTIONS_BY_FIELD = { grid: gridSchema.shape, surface: surfaceSchema.shape } as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseFields(
  shape: Readonly<Record<string, z.ZodType>>,
  raw: Record<string, unknown>,
  prefix: readonly PathSegment[],
  issues: RankedIssue[],
): Record<string, unknown> {
  const parsed: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const result = schema.safeParse(raw[key]);
    if (result.success) {
      parsed[key] = result.data;
      continue;
    }
    for (const issue of result.error.issues) {
      const path = [...prefix, key, ...(issue.path as PathSegment[])];
      issues.push({ rank: structuralRank(path, issue.code), path: formatPath(path), message: issue.message });
    }
  }
  return parsed;
}

/** The keys of `raw` that `shape` does not know, as one issue (objects parsed field by field are closed too). */
function checkUnknownKeys(shape: Readonly<Record<string, unknown>>, raw: Record<string, unknown>, prefix: readonly PathSegment[], issues: RankedIssue[]): void {
  const known = Object.keys(shape);
  const unknown = Object.keys(raw).filter((key) => !Object.hasOwn(shape, key));
  if (unknown.length === 0) return;
  issues.push({ rank: structuralRank(prefix, 'unrecognized_keys'), path: formatPath(prefix), message: unknownKeysMessage('keys', unknown, known) });
}

function parseSectionByField(key: keyof typeof SECTIONS_BY_FIELD, raw: unknown, issues: RankedIssue[]): Record<string, unknown> {
  if (!isPlainObject(raw)) {
    issues.push({ rank: structuralRank([key], 'invalid_type'), path: key, message: textFor({ input: raw }, 'must be a JSON object') });
    return {};
  }
  checkUnknownKeys(SECTIONS_BY_FIELD[key], raw, [key], issues);
  return parseFields(SECTIONS_BY_FIELD[key], raw, [key], issues);
}

/**
 * Validates untrusted profile data against every rule of Device Profile
 * Schema 1 and reports all broken rules at once (in the spec's evaluation
 * order), or returns the frozen profile with its lookup tables.
 */
export function parseDeviceProfile(raw: unknown, source: string = IN_MEMORY_SOURCE): ProfileParseResult {
  if (!isPlainObject(raw)) {
    return { ok: false, issues: [{ path: '', message: 'top-level profile must be a JSON object' }] };
  }
  const issues: RankedIssue[] = [];
  checkUnknownKeys(deviceProfileSchema.shape, raw, [], issues);
  const { grid: _grid, surface: _surface, ...plainShape } = deviceProfileSchema.shape;
  const parts = {
    ...parseFields(plainShape, raw, [], issues),
    grid: parseSectionByField('grid', raw['grid'], issues),
    surface: parseSectionByField('surface', raw['surface'], issues),
  } as ProfileParts;
  const report: Report = (rank, path, message) => issues.push({ rank, path, message });
  for (const rule of SEMANTIC_RULES) rule(parts, report);
  if (issues.length > 0) return { ok: false, issues: inEvaluationOrder(issues) };
  return { ok: true, profile: buildDeviceProfile(parts as ProfileDocument, source) };
}

/** parseDeviceProfile for callers that want an exception carrying every issue. */
export function parseDeviceProfileOrThrow(raw: unknown, source: string = IN_MEMORY_SOURCE): DeviceProfile {
  const result = parseDeviceProfile(raw, source);
  if (!result.ok) throw new ProfileValidationError(source, result.issues);
  return result.profile;
}
