import { BlockList, isIP } from 'node:net';

/**
 * Non-global address ranges, as Python's `ipaddress.is_private` (which the
 * reference uses) defines them for IPv4, plus unique-local, link-local and
 * documentation space for IPv6.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 29],
  ['192.0.0.170', 31],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['240.0.0.0', 4],
  ['255.255.255.255', 32],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');
PRIVATE.addSubnet('2001:db8::', 32, 'ipv6');

const LOOPBACK_OR_UNSPECIFIED = new BlockList();
LOOPBACK_OR_UNSPECIFIED.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK_OR_UNSPECIFIED.addAddress('0.0.0.0', 'ipv4');
LOOPBACK_OR_UNSPECIFIED.addAddress('::1', 'ipv6');
LOOPBACK_OR_UNSPECIFIED.addAddress('::', 'ipv6');

const LINK_LOCAL = new BlockList();
LINK_LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LINK_LOCAL.addSubnet('fe80::', 10, 'ipv6');

function family(ip: string): 'ipv4' | 'ipv6' | null {
  const version = isIP(ip);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
}

/** A private address a phone on the LAN can reach: private, not loopback, not unspecified. */
export function isUsablePrivateAddress(ip: string): boolean {
  const kind = family(ip);
  return kind !== null && PRIVATE.check(ip, kind) && !LOOPBACK_OR_UNSPECIFIED.check(ip, kind);
}

/** Link-local addresses are refused as bind and advertise hosts (§2.1). */
export function isLinkLocalAddress(ip: string): boolean {
  const kind = family(ip);
  return kind !== null && LINK_LOCAL.check(ip, kind);
}
