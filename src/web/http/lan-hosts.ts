import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { isLinkLocalAddress, isUsablePrivateAddress } from './ip-ranges.js';

export class LanHostError extends Error {
  override readonly name = 'LanHostError';
}

/** Characters that would turn a host into something else inside a URL (§2.1). */
const NOT_A_BARE_HOST = /[\s/@[\]:?#]/;

/** The machine's first private, non-loopback, non-link-local IPv4 address: the default LAN bind host. */
export function firstPrivateIpv4(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string | null {
  for (const addresses of Object.values(interfaces)) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal && isUsableLanIpv4(address.address)) return address.address;
    }
  }
  return null;
}

function isUsableLanIpv4(ip: string): boolean {
  return isIP(ip) === 4 && isUsablePrivateAddress(ip) && !isLinkLocalAddress(ip);
}

export type HostLookup = (hostname: string) => Promise<string>;

const lookupIpv4: HostLookup = async (hostname) => (await lookup(hostname, { family: 4 })).address;

/**
 * Checks a `--bind-host` or `--advertise-host` value: a bare private IPv4, or
 * a name that resolves to one. Returns the IPv4 address it stands for.
 */
export async function resolveLanHost(value: string, resolveName: HostLookup = lookupIpv4): Promise<string> {
  checkLanHostShape(value);
  let ip = value;
  if (isIP(value) === 0) {
    try {
      ip = await resolveName(value);
    } catch {
      throw new LanHostError(`LAN host ${value} does not resolve to an IPv4 address`);
    }
  }
  checkLanAddress(value, ip);
  return ip;
}

/**
 * What can be told of a `--bind-host` or `--advertise-host` value without the
 * network: it is a bare host, and an address written out is a private IPv4.
 * The command checks this before it starts anything, as a usage error.
 */
export function checkLanHostShape(value: string): void {
  if (value === '' || NOT_A_BARE_HOST.test(value)) throw new LanHostError(`LAN host must be a bare address or name: ${JSON.stringify(value)}`);
  if (isIP(value) !== 0) checkLanAddress(value, value);
}

function checkLanAddress(value: string, ip: string): void {
  if (!isUsableLanIpv4(ip)) {
    throw new LanHostError(`LAN host ${value} must be a private IPv4 address (not loopback, link-local or unspecified)`);
  }
}
