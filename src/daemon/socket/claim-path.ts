import { lstat, unlink } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { alreadyRunning, notASocket, untrustedPath } from './socket-errors.js';
import { errnoCode } from '../../support/file-errors.js';
import { effectiveUid } from '../../unix-socket/peer-credentials.js';
import { foreignSocketText } from '../../unix-socket/socket-trust.js';

type ProbeOutcome = 'live' | 'stale' | 'vanished';

/**
 * Steps 1–2 of the startup sequence (wire-protocol-1.md §3.2): make sure
 * nothing but a stale socket occupies `path`, removing the stale socket.
 * Refuses (without touching the path) a non-socket or a symlink — even one
 * pointing at a socket — and a socket a live daemon answers on. Another
 * user's socket is refused as what it may be, an impersonation, live or not:
 * it is neither probed nor removed.
 */
export async function claimSocketPath(path: string, uid: number = effectiveUid()): Promise<void> {
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    // lstat: a symlink is judged as itself, never by its target.
    stats = await lstat(path);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return;
    throw error;
  }
  if (!stats.isSocket()) throw notASocket(path);
  if (stats.uid !== uid) throw untrustedPath(path, foreignSocketText(path, stats.uid, uid));
  const outcome = await probe(path);
  if (outcome === 'live') throw alreadyRunning(path);
  if (outcome === 'stale') await removeStale(path);
}

/** Connects once; the probe socket is always closed. The live daemon sees a connection that sends nothing. */
function probe(path: string): Promise<ProbeOutcome> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve('live');
    });
    socket.once('error', (error) => {
      socket.destroy();
      const code = errnoCode(error);
      if (code === 'ECONNREFUSED') resolve('stale');
      else if (code === 'ENOENT') resolve('vanished');
      else reject(error);
    });
  });
}

async function removeStale(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
  }
}
