import { dirname, join } from 'node:path';
import { LOOPBACK_HOST } from '../limits.js';
import { preparePrivateDirectory, readOwnFile, replaceFileAtomically } from '../../support/private-file.js';

/** Beside the identity store, in the state directory (`$XDG_STATE_HOME/pad-lattice/`). */
export const ADMIN_TOKEN_FILE_NAME = 'web-admin-token.json';

/** What a restart needs to hand out the same admin link again. */
export interface StoredAdminLink {
  readonly token: string;
  /** The port the browser pad last listened on; `--print-link` builds the link with it. */
  readonly port: number;
}

/** 32 random bytes as unpadded base64url, the only form a token we made can have. */
const TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/;

export function adminTokenPath(identityStorePath: string): string {
  return join(dirname(identityStorePath), ADMIN_TOKEN_FILE_NAME);
}

/** Thrown when the file exists but is not one we wrote; a fresh token then replaces it. */
export class AdminTokenFileError extends Error {
  override readonly name = 'AdminTokenFileError';
}

/**
 * The stored link, or null when none was stored yet. Refuses an unsafe file
 * (UnsafePathError) and one whose content is not ours (AdminTokenFileError).
 */
export function loadAdminLink(path: string): StoredAdminLink | null {
  const bytes = readOwnFile(path, { privateOnly: true });
  if (bytes === null) return null;
  const text = bytes.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AdminTokenFileError(`${path} is not valid JSON`);
  }
  const { version, token, port } = (parsed ?? {}) as { version?: unknown; token?: unknown; port?: unknown };
  if (version !== 1) throw new AdminTokenFileError(`${path}: version must be 1`);
  if (typeof token !== 'string' || !TOKEN_FORM.test(token)) throw new AdminTokenFileError(`${path}: token must be 43 base64url characters`);
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new AdminTokenFileError(`${path}: port must be an integer from 1 to 65535`);
  }
  return { token, port };
}

/** Writes the link atomically, mode 0600. */
export function saveAdminLink(path: string, link: StoredAdminLink): void {
  preparePrivateDirectory(dirname(path));
  replaceFileAtomically(path, `${JSON.stringify({ version: 1, token: link.token, port: link.port }, null, 2)}\n`);
}

/** `http://127.0.0.1:<port>/#admin=<token>` (web-surface-protocol-1.md §2 step 3). */
export function adminUrlOf(port: number, token: string): string {
  return `http://${LOOPBACK_HOST}:${port}/#admin=${token}`;
}
