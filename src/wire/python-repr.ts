/**
 * The reference quotes offending values in a few error texts using Python's
 * renderings (wire-protocol-1.md §9.2). Only missing values, strings,
 * integers and booleans must match; other shapes are best effort.
 */

/** Containers nested deeper than this are abbreviated, so hostile input cannot exhaust the stack. */
const MAX_RENDER_DEPTH = 16;

/** Python `str(value)`: strings verbatim, everything else as `repr`. */
export function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : pythonRepr(value);
}

/** Python `repr(value)` of a parsed JSON value; `undefined` (a missing member) renders as `None`. */
export function pythonRepr(value: unknown, depth = 0): string {
  if (value === undefined || value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return pythonStringRepr(value);
  if (depth >= MAX_RENDER_DEPTH) return Array.isArray(value) ? '[...]' : '{...}';
  if (Array.isArray(value)) return `[${value.map((item) => pythonRepr(item, depth + 1)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([key, item]) => `${pythonStringRepr(key)}: ${pythonRepr(item, depth + 1)}`).join(', ')}}`;
}

/** Python string repr: single quotes unless the text has a single quote and no double quote. */
export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const char = text[i]!;
    if (char === '\\' || char === quote) out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (unit < 0x20 || (unit >= 0x7f && unit <= 0xa0)) out += `\\x${unit.toString(16).padStart(2, '0')}`;
    else if (isLoneSurrogate(text, i)) out += `\\u${unit.toString(16)}`;
    else out += char;
  }
  return out + quote;
}

function isLoneSurrogate(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  if (unit >= 0xd800 && unit <= 0xdbff) {
    const next = text.charCodeAt(index + 1);
    return !(next >= 0xdc00 && next <= 0xdfff);
  }
  if (unit >= 0xdc00 && unit <= 0xdfff) {
    const previous = index > 0 ? text.charCodeAt(index - 1) : 0;
    return !(previous >= 0xd800 && previous <= 0xdbff);
  }
  return false;
}
