import { cutToBounds } from './label-bounds.js';
import { REMOTE_HOST_METADATA_KEY } from './remote-host.js';

/*
 * How much display metadata one session keeps (beside its label, which has
 * bounds of its own). Agents send a label, a working folder, a model or a
 * branch: a few keys of a few dozen bytes. The bounds leave room for ten
 * times that, and keep one agent from making every `status` huge or the
 * daemon's memory grow with every `state`.
 */

/** A value longer than this (UTF-8 bytes) is cut, ending with `…`. */
export const MAX_METADATA_VALUE_BYTES = 1_024;
/** A longer key is left out: a cut name would mean nothing. */
export const MAX_METADATA_KEY_BYTES = 64;
/** Keys one session keeps, not counting the always-kept ones. */
export const MAX_METADATA_KEYS = 32;
/** Bytes of keys and values one session keeps, not counting the always-kept ones. */
export const MAX_METADATA_BYTES = 8_192;

/** Where a session's metadata says how many keys it left out (absent while none were). */
export const METADATA_LEFT_OUT_KEY = 'metadata_left_out';

/** Keys every session keeps whatever else fills its budget: what the pad and `status` show. Their values have bounds of their own. */
export const ALWAYS_KEPT_METADATA_KEYS: ReadonlySet<string> = new Set(['label', 'cwd', REMOTE_HOST_METADATA_KEY]);

/**
 * `value` within MAX_METADATA_VALUE_BYTES, cut with `…` (see cutToBounds).
 * A `cwd` keeps its end instead (`…/deep/project`): its last folder names
 * the session when it has no label.
 */
export function boundMetadataValue(key: string, value: string): string {
  if (key !== 'cwd' || value.length * 3 <= MAX_METADATA_VALUE_BYTES) return cutToBounds(value, Number.POSITIVE_INFINITY, MAX_METADATA_VALUE_BYTES);
  const reversed = [...value].reverse().join('');
  const cut = cutToBounds(reversed, Number.POSITIVE_INFINITY, MAX_METADATA_VALUE_BYTES);
  return cut === reversed ? value : `…${[...cut.slice(0, -1)].reverse().join('')}`;
}

/** The text under METADATA_LEFT_OUT_KEY. */
export function leftOutText(count: number): string {
  // Grouped by hand: toLocaleString costs more than the whole merge that calls this.
  return `${String(count).replace(/\B(?=(\d{3})+$)/g, ',')} key${count === 1 ? '' : 's'} left out (at most ${MAX_METADATA_KEYS} keys and ${MAX_METADATA_BYTES} bytes per session)`;
}
