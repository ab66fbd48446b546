import type { AgentState } from '../../domain/index.js';
import type { ConnectionId, PreviewResult } from './types.js';

export const PREVIEW_CONFLICT_OTHER_OWNER = 'surface preview is already owned by another client';
export const PREVIEW_CONFLICT_DIFFERENT_ID = 'client already owns a different surface preview';
/** The text of the `preview_not_owned` error the runtime sends when endPreview returns false (§13). */
export const PREVIEW_NOT_OWNED_MESSAGE = 'surface preview is not owned by this client';

export interface Preview {
  readonly connection: ConnectionId;
  readonly previewId: string;
  readonly state: AgentState;
  readonly expiresAt: number;
}

/** The single daemon-wide display override (control-plane.md §13). */
export class PreviewSlot {
  #current: Preview | null = null;

  get current(): Preview | null {
    return this.#current;
  }

  set(connection: ConnectionId, previewId: string, state: AgentState, expiresAt: number): PreviewResult {
    const current = this.#current;
    if (current !== null && current.connection !== connection) {
      return { ok: false, code: 'preview_conflict', message: PREVIEW_CONFLICT_OTHER_OWNER };
    }
    if (current !== null && current.previewId !== previewId) {
      return { ok: false, code: 'preview_conflict', message: PREVIEW_CONFLICT_DIFFERENT_ID };
    }
    this.#current = { connection, previewId, state, expiresAt };
    return { ok: true };
  }

  end(connection: ConnectionId, previewId: string): boolean {
    if (this.#current?.connection !== connection || this.#current.previewId !== previewId) return false;
    this.#current = null;
    return true;
  }

  /** When `expire` will end the preview; Infinity without one. */
  get expiresAt(): number {
    return this.#current?.expiresAt ?? Number.POSITIVE_INFINITY;
  }

  expire(now: number): boolean {
    if (this.#current === null || now < this.#current.expiresAt) return false;
    this.#current = null;
    return true;
  }

  dropConnection(connection: ConnectionId): boolean {
    if (this.#current?.connection !== connection) return false;
    this.#current = null;
    return true;
  }
}
