/**
 * How much unread output one socket client may cause (issue 22.2). A client
 * that sends requests without reading the replies would otherwise make the
 * daemon queue them without bound (4,000 unread `status` replies once took
 * it from 90 to 393 MB, and the memory stayed). Stated in the README.
 */
export interface OutputLimits {
  /** Unread output (queued plus not yet taken by the kernel) past which the daemon stops reading that client's requests until it drains. */
  readonly budgetBytes: number;
  /** Unread output past which the client is closed at once (notifications keep coming while its requests are not read). */
  readonly hardLimitBytes: number;
  /** How long output may stay above the budget without draining before the client is closed. */
  readonly stuckMs: number;
}

export const DEFAULT_OUTPUT_LIMITS: OutputLimits = Object.freeze({
  budgetBytes: 1024 * 1024,
  hardLimitBytes: 4 * 1024 * 1024,
  stuckMs: 10_000,
});

/** "1 MiB", "64 KiB": for log lines and the README. */
export function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
