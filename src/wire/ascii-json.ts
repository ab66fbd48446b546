// Without the `u` flag a character class matches single UTF-16 code units, so
// an astral character becomes its two surrogate escapes, as the reference emits.
const NON_ASCII = /[\u007f-\uffff]/g;
const HAS_NON_ASCII = /[\u007f-\uffff]/;

function escapeUnit(unit: string): string {
  return `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Compact JSON with every code unit ≥ U+007F escaped as `\uXXXX` (lower-case
 * hex), matching the reference byte for byte (wire-protocol-1.md §4.5). The
 * result is pure ASCII, so its string length is its UTF-8 byte length.
 * JSON.stringify already escapes control characters and lone surrogates.
 */
export function asciiJson(value: unknown): string {
  const json = JSON.stringify(value);
  return HAS_NON_ASCII.test(json) ? json.replace(NON_ASCII, escapeUnit) : json;
}
