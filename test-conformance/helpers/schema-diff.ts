/**
 * Differences between two JSON Schemas in what a reader of the contract
 * cares about: members, which are required, closed objects, allowed values,
 * types, bounds and array lengths. Spelling that means the same (a `$ref`,
 * `anyOf [X, null]` versus `type: [X, "null"]`, `oneOf` versus `anyOf`) is
 * not a difference. Each difference is one line: `path: ours …, reference …`.
 */

type Schema = Record<string, unknown>;

const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern'] as const;

interface Normal {
  schema: Schema;
  nullable: boolean;
}

function resolve(node: unknown, root: Schema): Schema {
  let current = (node ?? {}) as Schema;
  while (typeof current['$ref'] === 'string') {
    const path = (current['$ref'] as string).replace(/^#\//, '').split('/');
    current = path.reduce<Schema>((at, key) => (at[key] ?? {}) as Schema, root);
  }
  return current;
}

/** Splits "X or null" into X and a nullable flag, whichever way the schema spells it. */
function normalize(node: unknown, root: Schema): Normal {
  const schema = mergeAllOf(resolve(node, root), root);
  let nullable = false;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    const nonNull = branches.filter((branch) => resolve(branch, root)['type'] !== 'null');
    if (nonNull.length < branches.length) {
      nullable = true;
      delete schema[key];
      if (nonNull.length === 1) Object.assign(schema, normalize(nonNull[0], root).schema);
      else schema[key] = nonNull;
    }
  }
  if (Array.isArray(schema['type'])) {
    const types = (schema['type'] as string[]).filter((type) => type !== 'null');
    nullable ||= types.length < (schema['type'] as string[]).length;
    schema['type'] = types.length === 1 ? types[0] : types;
  }
  if (Array.isArray(schema['enum']) && (schema['enum'] as unknown[]).includes(null)) {
    nullable = true;
    schema['enum'] = (schema['enum'] as unknown[]).filter((value) => value !== null);
  }
  if ('const' in schema && schema['const'] === null) return { schema: { type: 'null' }, nullable: false };
  // A fixed-length tuple of constants is one constant array.
  const prefix = schema['prefixItems'];
  if (Array.isArray(prefix) && prefix.every((item) => 'const' in resolve(item, root)) && schema['minItems'] === prefix.length) {
    return { schema: { const: prefix.map((item) => resolve(item, root)['const']) }, nullable };
  }
  // `\/` and `/` match the same in a pattern.
  if (typeof schema['pattern'] === 'string') schema['pattern'] = (schema['pattern'] as string).replaceAll('\\/', '/');
  return { schema, nullable };
}

/** `allOf` of object schemas as one object: members and required lists joined, extra members as the stricter part says. */
function mergeAllOf(schema: Schema, root: Schema): Schema {
  if (!Array.isArray(schema['allOf'])) return { ...schema };
  const { allOf, ...rest } = schema;
  const merged: Schema = { ...rest, properties: {}, required: [] };
  for (const part of (allOf as unknown[]).map((p) => mergeAllOf(resolve(p, root), root))) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') Object.assign(merged['properties'] as Schema, value);
      else if (key === 'required') (merged['required'] as string[]).push(...(value as string[]));
      else if (!(key in merged) || merged[key] === undefined) merged[key] = value;
    }
  }
  return merged;
}

/** The values a schema allows when it lists them (`const` or `enum`), sorted; null when it does not. */
function allowedValues(schema: Schema): string[] | null {
  if ('const' in schema) return [JSON.stringify(schema['const'])];
  if (Array.isArray(schema['enum'])) return (schema['enum'] as unknown[]).map((value) => JSON.stringify(value)).sort();
  return null;
}

const show = (value: unknown): string => (value === undefined ? 'none' : JSON.stringify(value));

/** Branches of a union of messages by their `type` constant (one type may have a branch per direction). */
function branchesByType(schema: Schema, root: Schema): Map<string, Schema[]> | null {
  const branches = (schema['oneOf'] ?? schema['anyOf']) as unknown[] | undefined;
  if (!Array.isArray(branches)) return null;
  const byType = new Map<string, Schema[]>();
  for (const branch of branches) {
    const resolved = resolve(branch, root);
    const type = resolve((resolved['properties'] as Schema | undefined)?.['type'], root)['const'];
    if (typeof type !== 'string') return null;
    byType.set(type, [...(byType.get(type) ?? []), resolved]);
  }
  return byType;
}

/** The message types a protocol schema lists, sorted. */
export function messageTypes(schema: Schema): string[] {
  return [...(branchesByType(schema, schema)?.keys() ?? [])].sort();
}

/**
 * The differences of `ours` from `reference`. A protocol schema of ours may
 * cover one direction only: each of its messages is compared with the
 * reference message of the same type that it is closest to.
 */
export function schemaDifferences(ours: Schema, reference: Schema): string[] {
  const found: string[] = [];
  compare(ours, reference, '', ours, reference, found);
  return found;
}

function compare(oursNode: unknown, theirsNode: unknown, path: string, oursRoot: Schema, theirsRoot: Schema, found: string[]): void {
  const ours = normalize(oursNode, oursRoot);
  const theirs = normalize(theirsNode, theirsRoot);
  const at = path === '' ? '(root)' : path;
  const differ = (what: string, a: unknown, b: unknown) => found.push(`${at}: ${what}: ours ${show(a)}, reference ${show(b)}`);
  if (ours.nullable !== theirs.nullable) differ('null allowed', ours.nullable, theirs.nullable);

  const oursTypes = branchesByType(ours.schema, oursRoot);
  const theirTypes = branchesByType(theirs.schema, theirsRoot);
  if (oursTypes !== null && theirTypes !== null) {
    const onlyOurs = [...oursTypes.keys()].filter((type) => !theirTypes.has(type)).sort();
    if (onlyOurs.length > 0) differ('message types the reference lacks', onlyOurs, []);
    for (const [type, [branch]] of oursTypes) {
      // The reference branch of this type that shares the most members (a `status` request and reply differ).
      const shared = (candidate: Schema) =>
        Object.keys((candidate['properties'] as Schema | undefined) ?? {}).filter((key) => key in ((branch!['properties'] as Schema | undefined) ?? {})).length;
      const closest = [...(theirTypes.get(type) ?? [])].sort((x, y) => shared(y) - shared(x))[0];
      if (closest !== undefined) compare(branch, closest, `${path}<${type}>`, oursRoot, theirsRoot, found);
    }
    return;
  }

  const a = ours.schema;
  const b = theirs.schema;
  const valuesA = allowedValues(a);
  const valuesB = allowedValues(b);
  if (JSON.stringify(valuesA) !== JSON.stringify(valuesB)) differ('allowed values', valuesA, valuesB);
  // Where a side lists its values, those values say everything; its type and bounds add nothing.
  const listed = valuesA !== null || valuesB !== null;
  if (!listed && JSON.stringify(a['type']) !== JSON.stringify(b['type'])) differ('type', a['type'], b['type']);
  for (const bound of listed ? [] : BOUNDS) {
    // zod bounds integers by the safe range; a schema without a bound means the same.
    const fromZod = (value: unknown) => (value === 9007199254740991 || value === -9007199254740991 ? undefined : value);
    if (fromZod(a[bound]) !== fromZod(b[bound])) differ(bound, fromZod(a[bound]), fromZod(b[bound]));
  }

  const propsA = a['properties'] as Schema | undefined;
  const propsB = b['properties'] as Schema | undefined;
  if (propsA !== undefined || propsB !== undefined) {
    const keysA = Object.keys(propsA ?? {}).sort();
    const keysB = Object.keys(propsB ?? {}).sort();
    const onlyOurs = keysA.filter((key) => !keysB.includes(key));
    const onlyTheirs = keysB.filter((key) => !keysA.includes(key));
    if (onlyOurs.length > 0 || onlyTheirs.length > 0) differ('members', onlyOurs, onlyTheirs);
    const requiredA = [...((a['required'] as string[] | undefined) ?? [])].sort();
    const requiredB = [...((b['required'] as string[] | undefined) ?? [])].sort();
    if (JSON.stringify(requiredA) !== JSON.stringify(requiredB)) differ('required', requiredA, requiredB);
    for (const key of keysA.filter((k) => keysB.includes(k))) compare(propsA![key], propsB![key], `${path}.${key}`, oursRoot, theirsRoot, found);
  }
  const closedA = a['additionalProperties'] === false;
  const closedB = b['additionalProperties'] === false;
  if ((a['type'] === 'object' || b['type'] === 'object') && closedA !== closedB) differ('closed', closedA, closedB);
  // A tuple whose every item has one schema says the same as `items` with a fixed length.
  const prefixA = a['prefixItems'] as unknown[] | undefined;
  if (prefixA !== undefined) prefixA.forEach((item, index) => compare(item, b['items'], `${path}[${index}]`, oursRoot, theirsRoot, found));
  else if (a['items'] !== undefined || b['items'] !== undefined) compare(a['items'], b['items'], `${path}[]`, oursRoot, theirsRoot, found);
}
