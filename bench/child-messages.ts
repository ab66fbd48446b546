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
  /** The answer to `presses`: when the counting input handed each press to the daemon (monotonicNs()), oldest first. */
  | { readonly type: 'presses'; readonly deliveredAt: readonly bigint[] }
  | { readonly type: 'failed'; readonly message: string };

/**
 * What the parent asks; it ends the child by closing the channel. `press`
 * hands one MIDI message to the counting input, which stamps it there: the
 * IPC hop before it is not part of any figure.
 */
export type ChildRequest = { readonly type: 'frames' } | { readonly type: 'press'; readonly message: readonly number[] } | { readonly type: 'presses' };

/**
 * The argument vector of the child: which server it runs. A daemon's surface
 * reads no presses, presses from a counting input (`counting-input`), or hex
 * lines from a FIFO, as `--input file:PATH` does (`fifo PATH`).
 */
export type ChildRole =
  | readonly ['daemon', profileId: string]
  | readonly ['daemon', profileId: string, 'counting-input']
  | readonly ['daemon', profileId: string, 'fifo', path: string]
  | readonly ['echo'];
