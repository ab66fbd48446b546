import { closest, distance } from 'fastest-levenshtein';

/**
 * The one "did you mean …?" rule for every name a user types: commands,
 * options, profile keys, profile ids. A candidate counts as meant when at
 * most a third of its letters (and at least one) differ, so `staus` finds
 * `status` but `foo` finds nothing rather than a random command.
 */
function isCloseEnough(input: string, candidate: string): boolean {
  return distance(input, candidate) <= Math.max(1, Math.floor(Math.max(input.length, candidate.length) / 3));
}

/** The candidate `input` most likely meant, or undefined when none is close enough (or `input` is one of them). */
export function suggestClosest(input: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0 || candidates.includes(input)) return undefined;
  const candidate = closest(input, [...candidates]);
  return isCloseEnough(input, candidate) ? candidate : undefined;
}

/** " (did you mean X?)" after a name nobody knows, or "" when nothing is close. */
export function didYouMean(input: string, candidates: readonly string[]): string {
  const suggestion = suggestClosest(input, candidates);
  return suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`;
}
