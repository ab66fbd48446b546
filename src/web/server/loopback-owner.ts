import { createRequire } from 'node:module';
import { isIPv4 } from 'node:net';

/** The two ends of a TCP connection as the server's socket sees them. */
export interface TcpEnds {
  readonly remoteAddress?: string | undefined;
  readonly remotePort?: number | undefined;
  readonly localAddress?: string | undefined;
  readonly localPort?: number | undefined;
}

/** The user owning the client end of a loopback connection, or null when that cannot be told. */
export type LoopbackOwnerLookup = (ends: TcpEnds) => number | null;

// Linux <linux/netlink.h>, <linux/sock_diag.h>, <linux/inet_diag.h>.
const AF_NETLINK = 16;
const SOCK_DGRAM = 2;
const SOCK_CLOEXEC = 0o2000000;
const NETLINK_SOCK_DIAG = 4;
const SOCK_DIAG_BY_FAMILY = 20;
const NLM_F_REQUEST = 1;
const MSG_DONTWAIT = 0x40;
const AF_INET = 2;
const IPPROTO_TCP = 6;
/** nlmsghdr (16 bytes) + inet_diag_req_v2 (56 bytes). */
const REQUEST_BYTES = 72;
/** In the reply: nlmsghdr (16) + inet_diag_msg up to idiag_uid (4 + 48-byte sockid + 12). */
const UID_OFFSET = 80;
const REPLY_BYTES = 4096;

type Socket = (domain: number, type: number, protocol: number) => number;
type SendTo = (fd: number, buffer: Buffer, length: number, flags: number, address: Buffer, addressLength: number) => number;
type Receive = (fd: number, buffer: Buffer, length: number, flags: number) => number;

/**
 * Asks the kernel (sock_diag, the interface `ss` uses) who owns the other end
 * of a loopback TCP connection: one exact lookup by address and port, a few
 * microseconds of kernel work. The browser pad uses it to tell the user
 * running the daemon from other users of the machine before anyone has
 * authenticated, so another user's sockets cannot crowd out the admin page.
 * Linux only; anywhere else, or if FFI is missing, there is no lookup (null).
 * The second file that loads `koffi` (after the socket server's SO_PEERCRED).
 */
export function loopbackOwnerLookup(): LoopbackOwnerLookup | null {
  // One netlink socket for the process, however many bridges start.
  if (cached === undefined) cached = loadLoopbackOwnerLookup(process.platform);
  return cached;
}

let cached: LoopbackOwnerLookup | null | undefined;

function loadLoopbackOwnerLookup(platform: NodeJS.Platform): LoopbackOwnerLookup | null {
  if (platform !== 'linux') return null;
  try {
    const require = createRequire(import.meta.url);
    const koffi = require('koffi') as typeof import('koffi');
    const libc = koffi.load('libc.so.6');
    const socket = libc.func('int socket(int, int, int)') as Socket;
    const sendto = libc.func('intptr_t sendto(int, const void *, size_t, int, const void *, uint32_t)') as SendTo;
    const recv = libc.func('intptr_t recv(int, _Out_ void *, size_t, int)') as Receive;
    const fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
    if (fd < 0) return null;
    return ownerLookup(fd, sendto, recv);
  } catch {
    return null;
  }
}

function ownerLookup(fd: number, sendto: SendTo, recv: Receive): LoopbackOwnerLookup {
  const kernel = Buffer.alloc(12);
  kernel.writeUInt16LE(AF_NETLINK, 0);
  const request = Buffer.alloc(REQUEST_BYTES);
  const reply = Buffer.alloc(REPLY_BYTES);
  let sequence = 0;
  return (ends) => {
    const { remoteAddress, remotePort, localAddress, localPort } = ends;
    if (remoteAddress === undefined || localAddress === undefined || remotePort === undefined || localPort === undefined) return null;
    if (!isIPv4(remoteAddress) || !isIPv4(localAddress)) return null;
    sequence = (sequence + 1) >>> 0;
    writeRequest(request, sequence, remoteAddress, remotePort, localAddress, localPort);
    if (sendto(fd, request, REQUEST_BYTES, 0, kernel, kernel.length) !== REQUEST_BYTES) return null;
    // The kernel answers while handling the send, so the reply is already queued; never wait for it.
    for (;;) {
      const length = recv(fd, reply, REPLY_BYTES, MSG_DONTWAIT);
      if (length < 16) return null;
      if (reply.readUInt32LE(8) !== sequence) continue;
      return reply.readUInt16LE(4) === SOCK_DIAG_BY_FAMILY && length >= UID_OFFSET + 4 ? reply.readUInt32LE(UID_OFFSET) : null;
    }
  };
}

/** An exact inet_diag lookup of the socket whose local end is the client's address and port. */
function writeRequest(request: Buffer, sequence: number, clientAddress: string, clientPort: number, serverAddress: string, serverPort: number): void {
  request.fill(0);
  request.writeUInt32LE(REQUEST_BYTES, 0);
  request.writeUInt16LE(SOCK_DIAG_BY_FAMILY, 4);
  request.writeUInt16LE(NLM_F_REQUEST, 6);
  request.writeUInt32LE(sequence, 8);
  request.writeUInt8(AF_INET, 16);
  request.writeUInt8(IPPROTO_TCP, 17);
  request.writeUInt32LE(0xffffffff, 20); // every TCP state
  request.writeUInt16BE(clientPort, 24);
  request.writeUInt16BE(serverPort, 26);
  writeIPv4(request, 28, clientAddress);
  writeIPv4(request, 44, serverAddress);
  // No cookie: INET_DIAG_NOCOOKIE.
  request.writeUInt32LE(0xffffffff, 64);
  request.writeUInt32LE(0xffffffff, 68);
}

function writeIPv4(buffer: Buffer, offset: number, address: string): void {
  address.split('.').forEach((part, index) => buffer.writeUInt8(Number(part), offset + index));
}
