import { isIP } from 'node:net';
import { isUsablePrivateAddress } from './ip-ranges.js';

export class AdvertisedOriginError extends Error {
  override readonly name = 'AdvertisedOriginError';
}

/** The origin phones open in LAN mode (§2.1). */
export interface AdvertisedOrigin {
  /** `http://host[:port]` without a trailing slash. */
  readonly baseUrl: string;
  /** Lower-case hostname, the only LAN name the Host check accepts (§3.4). */
  readonly hostname: string;
}

const ORIGIN_ERROR = 'advertised LAN URL must be an HTTP origin';
const PRIVATE_ERROR = 'advertised LAN address must be a private address';

/** Validates an advertised base URL against the port the listeners actually bound. */
export function parseAdvertisedOrigin(text: string, boundPort: number): AdvertisedOrigin {
  // Reject '?' and '#' outright: a URL parser reports an empty query or fragment as none.
  if (text.includes('?') || text.includes('#')) throw new AdvertisedOriginError(ORIGIN_ERROR);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AdvertisedOriginError(ORIGIN_ERROR);
  }
  const effectivePort = url.port === '' ? 80 : Number(url.port);
  if (url.protocol !== 'http:' || url.hostname === '' || url.username !== '' || url.password !== '' || url.pathname !== '/' || effectivePort !== boundPort) {
    throw new AdvertisedOriginError(ORIGIN_ERROR);
  }
  const bare = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(bare) !== 0 && !isUsablePrivateAddress(bare)) throw new AdvertisedOriginError(PRIVATE_ERROR);
  return { baseUrl: url.origin, hostname: url.hostname.toLowerCase() };
}
