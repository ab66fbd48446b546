import fc from 'fast-check';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys an edit adds; '' and "__proto__" are the ones hand-written decoders get wrong. */
const ADDED_KEYS = ['extra', '', 'label', '__proto__'];
/** Mostly strings: metadata members must be non-empty strings under non-empty keys. */
const ADDED_VALUES = ['x', '', 1, null, {}];

/**
 * Every message one edit away from `message`, for checking that a published
 * schema accepts exactly what a hand-written decoder accepts: in the message
 * and in each object inside it (an agent, a metadata map), each member
 * dropped, each member replaced by each value of `pool`, and each of a few
 * keys added.
 */
export function neighbours(message: Json, pool: readonly unknown[]): Json[] {
  return edits(message, pool).map((edit) => edit());
}

/** Each neighbour of `message` as a function that makes it, so a random pick costs one copy. */
function edits(message: Json, pool: readonly unknown[]): (() => Json)[] {
  const found: (() => Json)[] = [];
  const objectPaths: (string | null)[] = [null, ...Object.keys(message).filter((key) => isObject(message[key]))];
  for (const path of objectPaths) {
    const edited = (edit: (target: Json) => void) =>
      found.push(() => {
        const copy = structuredClone(message);
        edit(path === null ? copy : (copy[path] as Json));
        return copy;
      });
    const target = path === null ? message : (message[path] as Json);
    for (const key of Object.keys(target)) {
      edited((t) => delete t[key]);
      for (const value of pool) edited((t) => (t[key] = structuredClone(value)));
    }
    for (const key of ADDED_KEYS) {
      // defineProperty: a "__proto__" key must stay an ordinary member, as JSON.parse makes it.
      for (const value of ADDED_VALUES) edited((t) => Object.defineProperty(t, key, { value, enumerable: true, writable: true, configurable: true }));
    }
  }
  return found;
}

/** Messages one or two random edits away from the valid ones `valid` generates. */
export function nearMisses(valid: fc.Arbitrary<Json>, pool: readonly unknown[]): fc.Arbitrary<Json> {
  const step = (message: Json) =>
    fc.nat().map((n) => {
      const choices = edits(message, pool);
      // One pick in eight keeps the message as it is, so some stay valid.
      return n % 8 === 0 ? message : choices[n % choices.length]!();
    });
  return valid.chain(step).chain(step);
}
