import { CONTROL_ACTIONS } from '../../domain/index.js';
import { formatPath, type PathSegment, type ProfileIssue } from '../issues.js';
import { slug } from '../slug.js';
import { isSurfaceDriver, SURFACE_DRIVERS, SURFACE_SCHEMAS, type Cell, type SurfaceProfile } from './surface-schema.js';

export type SurfaceProfileParseResult =
  | { readonly ok: true; readonly profile: SurfaceProfile }
  | { readonly ok: false; readonly issues: readonly ProfileIssue[] };

/** The glyph canvas of Visual Protocol 1 (profiles may not import the visual-protocol floor). */
const STATE_WIDTH = 7;
const STATE_HEIGHT = 8;

type Placed = { readonly path: string; readonly cell: Cell };

/** Every position a profile uses, with the JSON location that put it there. */
function placements(profile: SurfaceProfile): Placed[] {
  const placed: Placed[] = [];
  const layout = profile.layout;
  if ('state_region' in layout && layout.state_region !== undefined) {
    for (let y = 0; y < STATE_HEIGHT; y += 1) {
      for (let x = 0; x < STATE_WIDTH; x += 1) placed.push({ path: 'layout.state_region', cell: [layout.state_region.x + x, layout.state_region.y + y] });
    }
  }
  if ('glyph' in layout && layout.glyph !== undefined) placed.push({ path: 'layout.glyph', cell: layout.glyph });
  layout.agent_selectors.forEach((cell, slot) => placed.push({ path: `layout.agent_selectors[${slot}]`, cell }));
  if ('agent_statuses' in layout) layout.agent_statuses?.forEach((cell, slot) => placed.push({ path: `layout.agent_statuses[${slot}]`, cell }));
  for (const action of CONTROL_ACTIONS) {
    const cell = layout.actions[action];
    if (cell !== undefined) placed.push({ path: `layout.actions.${action}`, cell });
  }
  if (layout.overflow !== undefined) placed.push({ path: 'layout.overflow', cell: layout.overflow });
  return placed;
}

/** The rules across fields: id = slugs, every position on the surface and used once, statuses beside selectors. */
function semanticIssues(profile: SurfaceProfile): ProfileIssue[] {
  const issues: ProfileIssue[] = [];
  const expected = [profile.manufacturer, profile.family, profile.model].map(slug).join('/');
  if (profile.id !== expected)
    issues.push({ path: 'id', message: `'${profile.id}' does not match the metadata (expected '${expected}' from manufacturer, family and model)` });
  const { columns, rows } = profile.size;
  const owner = new Map<string, string>();
  for (const { path, cell } of placements(profile)) {
    const [x, y] = cell;
    if (x >= columns || y >= rows) {
      issues.push({ path, message: `[${x}, ${y}] is outside the ${columns}x${rows} surface` });
      continue;
    }
    const key = `${x},${y}`;
    const first = owner.get(key);
    if (first === undefined) owner.set(key, path);
    else if (first !== path) issues.push({ path, message: `[${x}, ${y}] is already used by ${first}` });
  }
  const layout = profile.layout;
  if ('agent_statuses' in layout && layout.agent_statuses !== undefined && layout.agent_statuses.length !== layout.agent_selectors.length) {
    issues.push({
      path: 'layout.agent_statuses',
      message: `has ${layout.agent_statuses.length} positions but agent_selectors has ${layout.agent_selectors.length}`,
    });
  }
  return issues;
}

/**
 * Validates untrusted surface-profile data and reports every broken rule at
 * once, each naming its JSON location; or returns the frozen profile.
 */
export function parseSurfaceProfile(raw: unknown, source: string): SurfaceProfileParseResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, issues: [{ path: '', message: 'a surface profile must be a JSON object' }] };
  const driver = (raw as Record<string, unknown>)['driver'];
  if (!isSurfaceDriver(driver)) {
    return { ok: false, issues: [{ path: 'driver', message: `must be one of ${SURFACE_DRIVERS.join(', ')}${driver === undefined ? ' (missing)' : ''}` }] };
  }
  const result = SURFACE_SCHEMAS[driver].safeParse(raw);
  if (!result.success) {
    return { ok: false, issues: result.error.issues.map((issue) => ({ path: formatPath(issue.path as PathSegment[]), message: issue.message })) };
  }
  const profile = deepFreeze({ ...result.data, source }) as SurfaceProfile;
  const issues = semanticIssues(profile);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, profile };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
