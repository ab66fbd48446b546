import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { firstPrivateIpv4, LanHostError, resolveLanHost } from '../../src/web/http/lan-hosts.js';

function ipv4(address: string, internal = false): NetworkInterfaceInfo {
  return { address, netmask: '255.255.255.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal, cidr: `${address}/24` };
}

describe('web-surface-protocol-1.md §2.1 bind and advertise hosts', () => {
  it('picks the first private, non-loopback, non-link-local IPv4 of the machine', () => {
    expect(
      firstPrivateIpv4({
        lo: [ipv4('127.0.0.1', true)],
        wan: [ipv4('8.8.4.4')],
        zeroconf: [ipv4('169.254.3.4')],
        lan: [{ ...ipv4('fd00::5'), family: 'IPv6', netmask: 'ffff::', scopeid: 0 }, ipv4('192.168.1.20')],
        other: [ipv4('10.0.0.2')],
      }),
    ).toBe('192.168.1.20');
    expect(firstPrivateIpv4({ lo: [ipv4('127.0.0.1', true)], wan: [ipv4('8.8.4.4')] })).toBeNull();
  });

  it('accepts private IPv4 literals and names that resolve to one', async () => {
    expect(await resolveLanHost('10.1.2.3')).toBe('10.1.2.3');
    expect(await resolveLanHost('172.16.0.9')).toBe('172.16.0.9');
    expect(await resolveLanHost('pad.local', async () => '192.168.0.7')).toBe('192.168.0.7');
  });

  it('refuses URL syntax, public, loopback, link-local, unspecified and unresolvable hosts', async () => {
    for (const value of ['', 'pad host', 'user@pad', 'pad:8765', 'pad/x', '[fd00::1]', 'pad?x', 'pad#x']) {
      await expect(resolveLanHost(value), value).rejects.toThrow(LanHostError);
    }
    for (const value of ['8.8.8.8', '127.0.0.1', '169.254.1.1', '0.0.0.0']) {
      await expect(resolveLanHost(value), value).rejects.toThrow('must be a private IPv4 address');
    }
    await expect(resolveLanHost('public.example', async () => '93.184.216.34')).rejects.toThrow('must be a private IPv4 address');
    await expect(
      resolveLanHost('nowhere.invalid', async () => {
        throw new Error('ENOTFOUND');
      }),
    ).rejects.toThrow('does not resolve to an IPv4 address');
  });
});
