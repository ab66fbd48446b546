import { MAX_WEB_MESSAGE_BYTES } from '../limits.js';

const NON_ASCII = /[\u0080-\uffff]/g;

function escapeCodeUnit(unit: string): string {
  return `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Compact JSON with every non-ASCII code unit escaped (§9.3), so the wire text
 * is pure ASCII and its length in characters is its length in bytes. Astral
 * characters become surrogate-pair escapes because the regex walks UTF-16 units.
 */
export function toAsciiJson(value: unknown): string {
  return JSON.stringify(value).replace(NON_ASCII, escapeCodeUnit);
}

/** The wire text of one server message, or null when it would exceed the 16384-byte limit. */
export function encodeServerMessage(message: { readonly type: string }): string | null {
  const text = toAsciiJson(message);
  return text.length > MAX_WEB_MESSAGE_BYTES ? null : text;
}
