import type { z } from 'zod';

/** A manifest that cannot be used; the message starts with the JSON location of the first problem. */
export class ManifestError extends Error {
  override readonly name = 'ManifestError';
  /** `<source>.cues[3].frame.top[5]`, or just the source for the root. */
  readonly location: string;

  constructor(location: string, problem: string) {
    super(`${location}: ${problem}`);
    this.location = location;
  }
}

export type JsonPath = readonly PropertyKey[];

/** `source` followed by `.key` and `[index]` steps, the way a reader would write the location. */
export function formatLocation(source: string, path: JsonPath): string {
  let text = source;
  for (const step of path) {
    text += typeof step === 'number' ? `[${step}]` : `.${String(step)}`;
  }
  return text;
}

/** Throws a ManifestError at `path` below `source`. */
export function fail(source: string, path: JsonPath, problem: string): never {
  throw new ManifestError(formatLocation(source, path), problem);
}

function describeExpected(expected: string): string {
  switch (expected) {
    case 'array':
    case 'object':
      return `an ${expected}`;
    default:
      return `a ${expected}`;
  }
}

function describeSize(issue: { origin?: unknown; minimum?: unknown; maximum?: unknown; code: string }): string {
  const bound = issue.code === 'too_small' ? `at least ${String(issue.minimum)}` : `at most ${String(issue.maximum)}`;
  if (issue.origin === 'array') return `must have ${bound} entries`;
  if (issue.origin === 'string') return `must be ${bound} characters long`;
  return `must be ${issue.code === 'too_small' ? '>=' : '<='} ${String(issue.code === 'too_small' ? issue.minimum : issue.maximum)}`;
}

/**
 * Wording for zod's generic issues; schema fields that carry a spec keyword
 * (`unsupported schema_version`, `8x8 grid`, …) set their own message, which
 * zod prefers over this map.
 */
const describeIssue: z.core.$ZodErrorMap = (issue) => {
  if (issue.input === undefined && issue.code !== 'unrecognized_keys') return 'is missing';
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${describeExpected(issue.expected)}`;
    case 'unrecognized_keys':
      return `has unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`;
    case 'too_small':
    case 'too_big':
      return describeSize(issue);
    case 'invalid_value':
      return `must be ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}`;
    case 'invalid_union':
      return 'discriminator' in issue && Array.isArray(issue.options)
        ? `must be one of ${issue.options.map((option) => JSON.stringify(option)).join(', ')}`
        : 'has an unexpected shape';
    default:
      return undefined;
  }
};

/** Parses `raw` with `schema`, or throws a ManifestError for the first issue (the spec stops at the first failure). */
export function parseStructure<T extends z.ZodType>(schema: T, raw: unknown, source: string): z.output<T> {
  const result = schema.safeParse(raw, { error: describeIssue });
  if (result.success) return result.data;
  const [first] = result.error.issues;
  if (first === undefined) throw new ManifestError(source, 'is not a valid manifest');
  return fail(source, first.path, first.message);
}
