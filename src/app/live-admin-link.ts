import { unlinkSync } from 'node:fs';
import { readOwnFile, replaceFileAtomically } from '../support/private-file.js';
import { processAlive } from '../support/staging-files.js';

/*
 * The admin link of the browser pad that runs now, beside the daemon's socket
 * (`<socket>.admin-link.json`, 0600 in the socket's private folder): written
 * once the pad serves, removed when its daemon stops or exits, and named by
 * the daemon's pid. `web --print-link` reads it for the daemon that answers on
 * the socket, so another pad that came and went (say with --port 0) can
 * never make it print a dead link. The token file in the state folder keeps
 * the token (and the last chosen port) across restarts; this file says what
 * is live.
 */

const LINK_FORM = /^http:\/\/127\.0\.0\.1:\d{1,5}\/#admin=[A-Za-z0-9_-]{43}$/;

export function liveAdminLinkPath(socketPath: string): string {
  return `${socketPath}.admin-link.json`;
}

export function writeLiveAdminLink(socketPath: string, adminUrl: string, pid: number = process.pid): void {
  replaceFileAtomically(liveAdminLinkPath(socketPath), `${JSON.stringify({ version: 1, admin_url: adminUrl, pid })}\n`, { durable: false });
}

/** Removes the file, at best: it also runs while the process exits, and a link it cannot remove is refused by its pid later. */
export function removeLiveAdminLink(socketPath: string): void {
  try {
    unlinkSync(liveAdminLinkPath(socketPath));
  } catch {
    // Gone already, or not ours to remove: readLiveAdminLink still checks the file and its daemon.
  }
}

/**
 * The live link for the daemon on `socketPath`, or null when there is none:
 * no file, a file of ours that is malformed, or one whose daemon is gone (a
 * daemon killed before it could remove it). A file that is not safely ours
 * (a link, another user's, readable by others) throws.
 */
export function readLiveAdminLink(socketPath: string): string | null {
  const bytes = readOwnFile(liveAdminLinkPath(socketPath), { privateOnly: true });
  if (bytes === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  const { version, admin_url: url, pid } = (parsed ?? {}) as { version?: unknown; admin_url?: unknown; pid?: unknown };
  if (version !== 1 || typeof url !== 'string' || !LINK_FORM.test(url) || typeof pid !== 'number' || !Number.isInteger(pid) || pid < 1) return null;
  return processAlive(pid) ? url : null;
}
