import { PROFILE_ID_PATTERN } from './schema.js';

/** "grid-one" → "Grid One": a display name whose slug is the id segment again. */
function titleOf(segment: string): string {
  return segment
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * A port pattern that names what to put there and matches no real port: the
 * source's patterns would find the source's device, and a copy that silently
 * opened the old controller under the new profile would be wrong twice.
 */
export function placeholderPattern(name: string, direction: 'input' | 'output'): string {
  return `^replace me: the MIDI ${direction} port name of ${name.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}$`;
}

/**
 * The document of a new profile made from an existing one (`profile new ID
 * --from SOURCE`): everything the source says about the device, with the id,
 * the metadata the id must match (manufacturer/family/model, each the title
 * of its id segment) and the name set, the status `experimental`, where it
 * was copied from (`copied_from`), no claim to have been checked against
 * documents, no USB ids, and port patterns that are placeholders (see
 * placeholderPattern). Keys keep the source's order.
 * Throws a RangeError naming the rule when `id` is not three slug segments.
 */
export function newProfileDocument(source: Readonly<Record<string, unknown>>, id: string, name?: string): Record<string, unknown> {
  if (!PROFILE_ID_PATTERN.test(id)) {
    throw new RangeError(`profile id ${JSON.stringify(id)} must be manufacturer/family/model in lowercase slug form (e.g. acme/grid/one)`);
  }
  const [manufacturer, family, model] = id.split('/').map(titleOf) as [string, string, string];
  const title = name ?? `${manufacturer} ${family} ${model}`;
  const replaced: Record<string, unknown> = {
    id,
    name: title,
    manufacturer,
    family,
    model,
    status: 'experimental',
    ...('ports' in source ? { ports: { input: [placeholderPattern(title, 'input')], output: [placeholderPattern(title, 'output')] } } : {}),
    ...(typeof source['id'] === 'string' ? { copied_from: source['id'] } : {}),
  };
  const document: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    // What was checked, and the USB ids, belong to the model copied from, not to the new one.
    if (key === 'verified_against' || key === 'usb') continue;
    document[key] = Object.hasOwn(replaced, key) ? replaced[key] : structuredClone(value);
  }
  for (const [key, value] of Object.entries(replaced)) if (!Object.hasOwn(document, key)) document[key] = value;
  return document;
}
