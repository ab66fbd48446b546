import { suggestClosest } from '../support/did-you-mean.js';

/**
 * Profile objects are closed: a key the schema does not know is an error,
 * because a misspelt optional key ("show_rbg") would otherwise be dropped in
 * silence and quietly change what the device does. Each unknown key is named
 * with the known key it most likely meant, when one is close enough.
 */

/** Unknown keys named one by one; past this the message says how many more (and suggests nothing for them). */
const NAMED_KEYS = 20;
/** A key longer than this is shown cut: it is named to be found, not read. */
const SHOWN_KEY_LENGTH = 40;

/**
 * "unknown <what>: alpha, show_rbg (did you mean show_rgb?)": the unknown
 * keys sorted, each followed by its suggestion when there is one; beyond
 * the first twenty, "and N more", so a document of 100,000 junk keys costs
 * a sort and twenty suggestions, not 100,000.
 */
export function unknownKeysMessage(what: string, keys: readonly string[], known: readonly string[]): string {
  const sorted = [...keys].sort();
  const described = sorted.slice(0, NAMED_KEYS).map((key) => {
    const shown = key.length > SHOWN_KEY_LENGTH ? `${key.slice(0, SHOWN_KEY_LENGTH - 1)}…` : key;
    const suggestion = key.length > SHOWN_KEY_LENGTH ? undefined : suggestClosest(key, known);
    return suggestion === undefined ? shown : `${shown} (did you mean ${suggestion}?)`;
  });
  const more = sorted.length - described.length;
  return `unknown ${what}: ${described.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
}
