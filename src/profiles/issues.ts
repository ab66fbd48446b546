/** One broken rule in a profile: where (a JSON location such as `surface.agent_selectors[3]`) and what. */
export interface ProfileIssue {
  /** Dotted path with `[index]` for array items; empty for the document or the file itself. */
  readonly path: string;
  readonly message: string;
}

/**
 * An issue with its place in the spec's evaluation order (rule V1…V59 of
 * device-profile-schema-1.md §4). Issues are reported sorted by rank, so the
 * first one is the error the reference parser, which stops early, would report.
 */
export interface RankedIssue extends ProfileIssue {
  readonly rank: number;
}

export type PathSegment = string | number;

export function formatPath(segments: readonly PathSegment[]): string {
  let text = '';
  for (const segment of segments) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? segment : `.${segment}`;
  }
  return text;
}

/** `<source>: <path>: <message>`, the one-line form every profile error is printed in. */
export function formatIssueLine(source: string, issue: ProfileIssue): string {
  return issue.path === '' ? `${source}: ${issue.message}` : `${source}: ${issue.path}: ${issue.message}`;
}

/** Stable sort by rank: issues of one rule keep the order they were found in. */
export function inEvaluationOrder(issues: readonly RankedIssue[]): ProfileIssue[] {
  return issues
    .map((issue, index) => ({ issue, index }))
    .sort((a, b) => a.issue.rank - b.issue.rank || a.index - b.index)
    .map(({ issue }) => ({ path: issue.path, message: issue.message }));
}

const TOP_LEVEL_RANK: Readonly<Record<string, number>> = {
  schema_version: 2,
  visual_protocol: 4,
  id: 6,
  name: 8,
  manufacturer: 8,
  family: 8,
  model: 8,
  status: 10,
  driver: 11,
};

/** The rule number (§4) a structural (zod) issue at `path` belongs to. */
export function structuralRank(path: readonly PathSegment[], code: string): number {
  const [section, part, item] = path;
  if (section === undefined) return 1;
  const simple = TOP_LEVEL_RANK[String(section)];
  if (simple !== undefined) return simple;
  switch (section) {
    case 'ports':
      if (part === undefined) return 12;
      return code === 'custom' ? 14 : 13;
    case 'grid':
      if (part === 'kind') return 16;
      if (part === 'channel') return 17;
      if (part === 'rows') return item === undefined ? 18 : 19;
      return 15;
    case 'surface':
      return surfaceRank(part, item);
    case 'palette':
      if (part === undefined) return 40;
      if (part === 'states') return 42;
      if (part === 'actions') return 43;
      if (part === 'system') return 44;
      return 41;
    case 'accents':
      return part === undefined ? 45 : 46;
    case 'conformance':
      return 49;
    case 'messages':
      return part === undefined ? 55 : 59;
    case 'capabilities':
      if (part === 'show_rgb' || part === 'palette_sysex') return 57;
      return 56;
    default:
      return 1;
  }
}

function surfaceRank(part: PathSegment | undefined, item: PathSegment | undefined): number {
  switch (part) {
    case 'state_region':
      return item === undefined ? 22 : 23;
    case 'actions':
      return item === undefined ? 26 : 28;
    case 'agent_selectors':
    case 'agent_statuses':
      return 29;
    case 'indicators':
      return item === undefined ? 33 : 34;
    case 'showcase':
      return 35;
    default:
      return 22;
  }
}
