import { createHash } from 'node:crypto';

/**
 * Canonical JSON (agent-adapters.md §B.7.2): object keys sorted by code point
 * at every depth, no insignificant whitespace. Two hook processes that parsed
 * the same tool input, whatever its key order, produce the same text.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort(compareCodePoints)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  // Parsed JSON holds only strings, finite numbers, booleans and null here.
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 hex of the canonical JSON of a tool input; null when the input had no `tool_input`. */
export function inputDigest(toolInput: unknown): string | null {
  if (toolInput === undefined) return null;
  return createHash('sha256').update(canonicalJson(toolInput), 'utf8').digest('hex');
}

/** Code point order, which differs from JavaScript's default UTF-16 unit order for astral characters. */
function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  const length = Math.min(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const difference = (left[i]?.codePointAt(0) ?? 0) - (right[i]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}
