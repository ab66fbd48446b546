import type { Logger } from '../../support/logger.js';

export { SILENT_LOGGER as SILENT_WEB_LOGGER } from '../../support/logger.js';

/** Where the bridge reports what it dropped or refused; the same logger the daemon uses. */
export type WebLogger = Logger;
