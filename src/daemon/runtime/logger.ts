import type { Logger } from '../../support/logger.js';

export { SILENT_LOGGER } from '../../support/logger.js';

/** Where the daemon reports what happens. */
export type DaemonLogger = Logger;

export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
