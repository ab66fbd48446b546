/** What the Host check needs to know about the bridge (§3.4). */
export interface HostPolicy {
  readonly port: number;
  /** The advertised LAN hostname once LAN is configured, else null (loopback-only). */
  readonly lanHostname: string | null;
}

const ALWAYS_ACCEPTED = new Set(['localhost', '127.0.0.1']);
const FORBIDDEN_CHARACTERS = /[@/?#\s[\]]/;

/** All values of one header in Node's flat `rawHeaders` list (names compared case-insensitively). */
export function headerValues(rawHeaders: readonly string[], name: string): string[] {
  const wanted = name.toLowerCase();
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === wanted) values.push(rawHeaders[i + 1]!);
  }
  return values;
}

/**
 * The single raw Host value when it names this bridge, else null. Stricter
 * than the reference's URL parsing: `@`, `/`, `?`, `#`, whitespace and IPv6
 * brackets are refused instead of being read around.
 */
export function acceptedHost(rawHeaders: readonly string[], policy: HostPolicy): string | null {
  const values = headerValues(rawHeaders, 'host');
  if (values.length !== 1) return null;
  const raw = values[0]!;
  if (raw === '' || FORBIDDEN_CHARACTERS.test(raw)) return null;
  const colon = raw.indexOf(':');
  const hostname = (colon < 0 ? raw : raw.slice(0, colon)).toLowerCase();
  const portText = colon < 0 ? '80' : raw.slice(colon + 1);
  if (hostname === '' || !/^\d+$/.test(portText) || Number(portText) !== policy.port) return null;
  if (ALWAYS_ACCEPTED.has(hostname)) return raw;
  return policy.lanHostname !== null && hostname === policy.lanHostname ? raw : null;
}
