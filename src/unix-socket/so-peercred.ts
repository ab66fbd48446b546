import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { UNAVAILABLE_PEER_CREDENTIALS, type PeerCredentialSource } from './peer-credentials.js';

// Linux <asm-generic/socket.h>: the option that returns struct ucred { pid_t pid; uid_t uid; gid_t gid; }.
const SOL_SOCKET = 1;
const SO_PEERCRED = 17;
const UCRED_BYTES = 12;

type GetPeerCred = (fd: number, level: number, option: number, out: { uid?: number }, length: number[]) => number;

/** Node keeps a pipe's descriptor on its private handle; there is no public accessor. */
function descriptorOf(socket: Socket): number | null {
  const fd = (socket as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
  return typeof fd === 'number' && fd >= 0 ? fd : null;
}

let cachedGetsockopt: GetPeerCred | Error | null = null;

/** koffi refuses to declare the same struct twice, so the binding is made once per process. */
function bindGetsockopt(): GetPeerCred | Error {
  if (cachedGetsockopt !== null) return cachedGetsockopt;
  try {
    const require = createRequire(import.meta.url);
    const koffi = require('koffi') as typeof import('koffi');
    const libc = koffi.load('libc.so.6');
    koffi.struct('pad_lattice_ucred', { pid: 'int32', uid: 'uint32', gid: 'uint32' });
    cachedGetsockopt = libc.func('int getsockopt(int, int, int, _Out_ pad_lattice_ucred *, _Inout_ uint32 *)') as GetPeerCred;
  } catch (error) {
    cachedGetsockopt = error instanceof Error ? error : new Error(String(error));
  }
  return cachedGetsockopt;
}

/**
 * The one file that imports `koffi`: it calls libc getsockopt(SO_PEERCRED),
 * which Node does not expose. Loaded lazily; where FFI or libc is missing
 * the daemon falls back to the socket's 0600 mode and says so.
 */
export function loadSoPeerCred(platform: NodeJS.Platform = process.platform): PeerCredentialSource {
  if (platform !== 'linux') return UNAVAILABLE_PEER_CREDENTIALS;
  const getsockopt = bindGetsockopt();
  if (getsockopt instanceof Error) {
    return {
      ...UNAVAILABLE_PEER_CREDENTIALS,
      description: `peer uid check unavailable (${getsockopt.message}); relying on socket file mode 0600`,
    };
  }
  return Object.freeze({
    available: true,
    description: 'peer uid checked with SO_PEERCRED',
    peerUid(socket: Socket): number | null {
      const fd = descriptorOf(socket);
      if (fd === null) return null;
      const cred: { uid?: number } = {};
      const length = [UCRED_BYTES];
      // A failed call or a short structure counts as a mismatch (wire-protocol-1.md §3.4).
      if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, cred, length) !== 0 || length[0] !== UCRED_BYTES) return null;
      return typeof cred.uid === 'number' ? cred.uid : null;
    },
  });
}
