import { CRYPTO_SECRETS, TOKEN_BYTES, loadAdminLink, saveAdminLink, type SecretSource } from '../web/index.js';
import type { DaemonLogger } from '../daemon/runtime/logger.js';
import { errorMessage } from '../support/error-message.js';

/** The admin token a browser pad starts with, and how to keep it for the next start. */
export interface AdminTokenPlan {
  readonly token: string;
  /**
   * Stores the token with the port actually bound, once the daemon runs; a
   * failure is reported, never thrown. A port the system picked (`--port 0`)
   * is stored only when nothing was: it is gone with its pad, while the
   * stored port is the one a restart serves again.
   */
  keep(port: number, picked?: boolean): void;
}

/**
 * The stored token, so an open admin tab reconnects after a restart and an
 * old link keeps working; a fresh one with `rotate` (`--new-token`, which
 * invalidates every earlier link) or when nothing usable is stored. A file
 * that is not safely ours is reported and replaced by a fresh token.
 */
export function planAdminToken(path: string, rotate: boolean, logger: DaemonLogger, secrets: SecretSource = CRYPTO_SECRETS): AdminTokenPlan {
  let stored = null;
  if (!rotate) {
    try {
      stored = loadAdminLink(path);
    } catch (error) {
      logger.warn(`browser pad: ignoring the stored admin token: ${describeFileError(error)}; using a new one`);
    }
  }
  const token = stored?.token ?? secrets.token(TOKEN_BYTES);
  if (rotate) logger.info('browser pad: new admin token; links printed before no longer work');
  return {
    token,
    keep(bound, picked = false) {
      const port = picked && stored !== null ? stored.port : bound;
      if (stored?.token === token && stored.port === port) return;
      try {
        saveAdminLink(path, { token, port });
      } catch (error) {
        logger.warn(`browser pad: cannot keep the admin token: ${describeFileError(error)}; the admin link will change on the next start`);
      }
    },
  };
}

const ERRNO_TEXT: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  ENOTDIR: 'a part of the path is not a folder',
};

/** One line naming the file and the cause, without Node's raw errno text. */
function describeFileError(error: unknown): string {
  const { code, path } = error as NodeJS.ErrnoException;
  const text = code === undefined ? undefined : ERRNO_TEXT[code];
  return text === undefined ? errorMessage(error) : `${path ?? 'the token file'}: ${text}`;
}
