/** Where the bridge reports what it dropped or refused; structurally the daemon's logger. */
export interface WebLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const SILENT_WEB_LOGGER: WebLogger = Object.freeze({
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
});
