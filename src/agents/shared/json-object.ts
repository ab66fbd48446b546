/** Helpers the hook and server adapters use to read an agent's JSON at the edge. */

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The object a hook read on stdin; null for invalid UTF-8, invalid JSON or a top level that is not an object. */
export function parseJsonObject(bytes: Uint8Array): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(STRICT_UTF8.decode(bytes));
  } catch {
    return null;
  }
  return isRecord(value) ? value : null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value when it is a non-empty string, else null. */
export function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
