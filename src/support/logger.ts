/** Where a long-running part (the daemon, the web bridge) reports what happens; the CLI prints to stderr, tests record or stay silent. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const SILENT_LOGGER: Logger = Object.freeze({
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
});
