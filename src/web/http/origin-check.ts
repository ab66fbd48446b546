import { headerValues } from './host-header.js';

/**
 * The same-origin rule for `/ws` (§5.1): one Origin, one Host, scheme http,
 * and the Origin's authority exactly as written equal to the raw Host value.
 * Browsers always send Origin on WebSocket requests, so a page on another
 * origin (or https, file:, null) cannot drive the pad.
 */
export function isSameOrigin(rawHeaders: readonly string[]): boolean {
  const origins = headerValues(rawHeaders, 'origin');
  const hosts = headerValues(rawHeaders, 'host');
  if (origins.length !== 1 || hosts.length !== 1) return false;
  const origin = origins[0]!;
  if (origin.slice(0, 7).toLowerCase() !== 'http://') return false;
  const rest = origin.slice(7);
  const end = rest.search(/[/?#]/);
  const authority = end < 0 ? rest : rest.slice(0, end);
  return authority !== '' && authority === hosts[0];
}
