const HAS_NON_ASCII = /[\u007f-\uffff]/;
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;

/**
 * Compact JSON with every code unit ≥ U+007F escaped as `\uXXXX` (lower-case
 * hex), matching the reference byte for byte (wire-protocol-1.md §4.5); an
 * astral character becomes its two surrogate escapes, as the reference
 * emits. The result is pure ASCII, so its string length is its UTF-8 byte
 * length. JSON.stringify already escapes control characters and lone
 * surrogates. The escaping writes bytes into one buffer: a `status` full of
 * non-ASCII metadata costs one pass, not a string or callback per character.
 */
export function asciiJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (!HAS_NON_ASCII.test(json)) return json;
  const out = Buffer.allocUnsafe(json.length * 6);
  let length = 0;
  for (let at = 0; at < json.length; at += 1) {
    const unit = json.charCodeAt(at);
    if (unit < 0x7f) {
      out[length++] = unit;
      continue;
    }
    out[length++] = BACKSLASH;
    out[length++] = LETTER_U;
    out[length++] = HEX_DIGITS[unit >> 12]!;
    out[length++] = HEX_DIGITS[(unit >> 8) & 15]!;
    out[length++] = HEX_DIGITS[(unit >> 4) & 15]!;
    out[length++] = HEX_DIGITS[unit & 15]!;
  }
  return out.toString('latin1', 0, length);
}
