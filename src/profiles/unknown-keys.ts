import { closest, distance } from 'fastest-levenshtein';

/**
 * Profile objects are closed: a key the schema does not know is an error,
 * because a misspelt optional key ("show_rbg") would otherwise be dropped in
 * silence and quietly change what the device does. Each unknown key is named
 * with the known key it most likely meant, when one is close enough.
 */

/** A key counts as a misspelling when at most a third of its letters (and at least one) differ. */
function isCloseEnough(key: string, candidate: string): boolean {
  return distance(key, candidate) <= Math.max(1, Math.floor(Math.max(key.length, candidate.length) / 3));
}

/** The known key `key` most likely meant, or undefined when none is close. */
export function suggestKey(key: string, known: readonly string[]): string | undefined {
  if (known.length === 0) return undefined;
  const candidate = closest(key, [...known]);
  return isCloseEnough(key, candidate) ? candidate : undefined;
}

/**
 * "unknown <what>: alpha, show_rbg (did you mean show_rgb?)": every unknown
 * key sorted, each followed by its suggestion when there is one.
 */
export function unknownKeysMessage(what: string, keys: readonly string[], known: readonly string[]): string {
  const described = [...keys].sort().map((key) => {
    const suggestion = suggestKey(key, known);
    return suggestion === undefined ? key : `${key} (did you mean ${suggestion}?)`;
  });
  return `unknown ${what}: ${described.join(', ')}`;
}
