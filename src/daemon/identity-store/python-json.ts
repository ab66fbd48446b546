/**
 * JSON text in the exact form of Python's `json.dumps(value, indent=2,
 * sort_keys=True)`: keys sorted by code point at every level, two-space
 * indentation and non-ASCII escaped as `\uXXXX`. The Python daemon may share
 * the accent-store file, so both write the same text for the same data; only
 * number spelling can differ (JavaScript writes a whole float as `10`, Python
 * as `10.0`), which both read back as the same value.
 */
export function toPythonJson(value: unknown): string {
  return encodeValue(value, '');
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

function encodeString(text: string): string {
  // Everything outside printable ASCII (and the two JSON specials) is escaped per UTF-16 unit, as Python's ensure_ascii does.
  return `"${text.replace(/["\\]|[^\x20-\x7e]/g, (char) => SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

/** Python orders str keys by code point; JavaScript's `<` orders UTF-16 units, which differs above U+D7FF. */
function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const left = a.charCodeAt(index);
    const right = b.charCodeAt(index);
    if (left !== right) return codePointRank(left) - codePointRank(right);
  }
  return a.length - b.length;
}

/** Moves surrogates (U+D800–DFFF) above U+E000–FFFF, so unit order becomes code-point order. */
function codePointRank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

function encodeValue(value: unknown, indent: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return encodeString(value);
    case 'number':
      if (!Number.isFinite(value)) throw new RangeError(`cannot encode ${value} as JSON`);
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return Array.isArray(value) ? encodeArray(value, indent) : encodeObject(value as Record<string, unknown>, indent);
    default:
      throw new TypeError(`cannot encode a ${typeof value} as JSON`);
  }
}

function encodeArray(items: readonly unknown[], indent: string): string {
  if (items.length === 0) return '[]';
  const inner = `${indent}  `;
  return `[\n${items.map((item) => inner + encodeValue(item, inner)).join(',\n')}\n${indent}]`;
}

function encodeObject(object: Readonly<Record<string, unknown>>, indent: string): string {
  // Object.entries, not object[key]: a parsed "__proto__" member is an own property that indexing would miss.
  const entries = Object.entries(object).sort(([a], [b]) => compareCodePoints(a, b));
  if (entries.length === 0) return '{}';
  const inner = `${indent}  `;
  const members = entries.map(([key, member]) => `${inner}${encodeString(key)}: ${encodeValue(member, inner)}`);
  return `{\n${members.join(',\n')}\n${indent}}`;
}
