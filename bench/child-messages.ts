import type { FrameRecord } from './frame-log.js';

/**
 * What the bench's child process says over its IPC channel. It speaks
 * before and after a measurement, never during one, so the channel adds no
 * traffic to the figures.
 */
export type ChildReport =
  /** Listening; `revision` is the daemon's control-plane revision (0 for the echo server, which has none). */
  | { readonly type: 'ready'; readonly socketPath: string; readonly revision: number }
  /** The answer to `frames`: every frame the daemon's mock port has seen, oldest first. */
  | { readonly type: 'frames'; readonly frames: readonly FrameRecord[] }
  | { readonly type: 'failed'; readonly message: string };

/** What the parent asks; it ends the child by closing the channel. */
export type ChildRequest = { readonly type: 'frames' };

/** The argument vector of the child: which server it runs. */
export type ChildRole = readonly ['daemon', profileId: string] | readonly ['echo'];
