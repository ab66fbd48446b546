import { PROFILE_ID_PATTERN } from './schema.js';

/** "grid-one" → "Grid One": a display name whose slug is the id segment again. */
function titleOf(segment: string): string {
  return segment
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The document of a new profile made from an existing one (`profile new ID
 * --from SOURCE`): everything the source says about the device, with the id,
 * the metadata the id must match (manufacturer/family/model, each the title
 * of its id segment) and the name set, the status `experimental`, no claim
 * to have been checked against documents and no USB ids. Keys keep the source's order.
 * Throws a RangeError naming the rule when `id` is not three slug segments.
 */
export function newProfileDocument(source: Readonly<Record<string, unknown>>, id: string, name?: string): Record<string, unknown> {
  if (!PROFILE_ID_PATTERN.test(id)) {
    throw new RangeError(`profile id ${JSON.stringify(id)} must be manufacturer/family/model in lowercase slug form (e.g. acme/grid/one)`);
  }
  const [manufacturer, family, model] = id.split('/').map(titleOf) as [string, string, string];
  const replaced: Record<string, unknown> = {
    id,
    name: name ?? `${manufacturer} ${family} ${model}`,
    manufacturer,
    family,
    model,
    status: 'experimental',
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
