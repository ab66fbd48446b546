import { BlockList, isIP } from 'node:net';

/** Who is on the other end of a connection: decided by the TCP peer address alone (§1). */
export interface Peer {
  /** The normalised address, the key of the failed-attempt history. */
  readonly ip: string;
  readonly loopback: boolean;
}

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Normalises IPv4-mapped IPv6 (`::ffff:127.0.0.1`) and classifies loopback as
 * 127.0.0.0/8 or ::1. Anything unparseable is remote, never loopback.
 */
export function classifyPeer(address: string | undefined): Peer {
  if (address === undefined || address === '') return { ip: 'unknown', loopback: false };
  const mapped = MAPPED_IPV4.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = isIP(ip);
  if (family === 0) return { ip, loopback: false };
  return { ip, loopback: LOOPBACK.check(ip, family === 4 ? 'ipv4' : 'ipv6') };
}
