import { suggestClosest } from '../support/did-you-mean.js';

/** At most this many ids are suggested: more would be a list, which `profile list` gives. */
const MOST = 3;

/** The last `count` segments of an id: `pro-mk2` is compared with `pro-mk1`, not with the whole id. */
const tail = (id: string, count: number) => id.split('/').slice(-count).join('/');

/**
 * The loaded ids a user probably meant by an id nobody has, closest first:
 * `novation/launchpad/pro-mk2` → the Pro Mk1 and Mk3. An id given in part
 * (`pro-mk2`, `launchpad/pro-mk2`) is compared with the same number of
 * trailing segments, so a model name alone finds its full ids. Closeness is
 * the project's one did-you-mean rule.
 */
export function closestIds(input: string, ids: readonly string[]): string[] {
  const count = Math.max(1, Math.min(3, input.split('/').length));
  const idsByTail = new Map<string, string[]>();
  for (const id of ids) idsByTail.set(tail(id, count), [...(idsByTail.get(tail(id, count)) ?? []), id]);
  // A part that is a whole tail (`mini`) names its ids; suggestClosest only answers for near misses.
  const exact = idsByTail.get(input);
  if (exact !== undefined) return exact.filter((id) => id !== input).slice(0, MOST);
  const tails = [...idsByTail.keys()];
  const found: string[] = [];
  while (found.length < MOST) {
    const next = suggestClosest(input, tails);
    if (next === undefined) break;
    found.push(...idsByTail.get(next)!);
    tails.splice(tails.indexOf(next), 1);
  }
  return found.slice(0, MOST);
}

/** " (did you mean A or B?)" after an unknown id, or "" when nothing is close. */
export function idSuggestion(input: string, ids: readonly string[]): string {
  const close = closestIds(input, ids);
  if (close.length === 0) return '';
  return ` (did you mean ${close.length === 1 ? close[0] : `${close.slice(0, -1).join(', ')} or ${close.at(-1)}`}?)`;
}
