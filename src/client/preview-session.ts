import { randomUUID } from 'node:crypto';
import type { AgentState } from '../domain/index.js';
import type { WireConnection } from './connection.js';
import { readReply } from './reply.js';

/** The longest preview the daemon accepts, in seconds (wire-protocol-1.md §5.8). */
export const MAX_PREVIEW_TTL_SECONDS = 30;

/**
 * One connection that owns a diagnostic preview (control-plane.md §13). The
 * preview lives until `end()`, its ttl, or the connection closing, whichever
 * comes first; the daemon then shows the real sessions again.
 */
export class PreviewSession implements AsyncDisposable {
  /** Hex32, the form the reference's `symbols` command uses (any non-empty id is valid). */
  readonly previewId = randomUUID().replaceAll('-', '');

  constructor(
    private readonly connection: WireConnection,
    private readonly timeoutMs: number,
  ) {}

  /** Shows `state` for at most `ttlSeconds` (0 < ttl ≤ 30) and waits for `preview_ack`. */
  async show(state: AgentState, ttlSeconds: number): Promise<void> {
    if (!(ttlSeconds > 0 && ttlSeconds <= MAX_PREVIEW_TTL_SECONDS)) {
      throw new RangeError(`preview ttl must be greater than zero and at most ${MAX_PREVIEW_TTL_SECONDS} seconds, got ${ttlSeconds}`);
    }
    await this.connection.send({ type: 'preview', previewId: this.previewId, state, ttl: ttlSeconds }, this.timeoutMs);
    await readReply(this.connection, 'preview_ack', this.timeoutMs);
  }

  /** Ends the preview and waits for `preview_end_ack` (a `preview_not_owned` error if it already expired). */
  async end(): Promise<void> {
    await this.connection.send({ type: 'preview_end', previewId: this.previewId }, this.timeoutMs);
    await readReply(this.connection, 'preview_end_ack', this.timeoutMs);
  }

  async close(): Promise<void> {
    this.connection.close();
    await this.connection.closed;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}
