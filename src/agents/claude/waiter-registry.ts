import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, realUid } from './runtime-dir.js';

/**
 * The waiter registry of agent-adapters.md §B.7: one marker file per pending
 * PermissionRequest waiter, so later hook processes of the same session can
 * retire a waiter whose request was already answered at the keyboard (Claude
 * Code neither kills nor tells the hook). A canceller renames the marker to
 * `.cancel`; the waiter notices the missing `.json`, closes its daemon
 * connection, and only then deletes the `.cancel`, which the canceller waits
 * for, so the daemon sees the subscription gone before the canceller reports.
 */

/** The contents of one marker file. */
export interface WaiterMarkerContent {
  readonly pid: number;
  readonly tool: string;
  readonly input_digest: string | null;
  /** Unix milliseconds at which the hook's configured timeout elapses. */
  readonly expires_at: number;
}

/** Which markers of a session a canceller retires. */
export type WaiterSelection = { readonly kind: 'all' } | { readonly kind: 'tool_call'; readonly tool: string; readonly inputDigest: string | null };

export interface CancelDeps {
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly processAlive: (pid: number) => boolean;
}

/** Bounds of the canceller's wait for waiters to let go (§B.7.3 step 3). */
export const CANCEL_POLL_MS = 20;
export const CANCEL_BUDGET_MS = 500;

export class WaiterRegistry {
  private constructor(readonly directory: string) {}

  /**
   * The registry under the private runtime directory, or null when either
   * directory fails its checks. `folder` names the agent's own registry
   * (Gemini CLI's hooks keep theirs beside Claude Code's).
   */
  static open(runtimeDir: string, uid: number = realUid(), folder = 'claude-waiters'): WaiterRegistry | null {
    if (!ensurePrivateDir(runtimeDir, uid)) return null;
    const directory = join(runtimeDir, folder);
    return ensurePrivateDir(directory, uid) ? new WaiterRegistry(directory) : null;
  }

  /** Creates the marker of one waiter; null when it cannot be written (superseding is then off for this waiter). */
  register(sessionId: string, requestId: string, content: WaiterMarkerContent): WaiterMarker | null {
    const base = join(this.directory, `${sessionKey(sessionId)}-${requestId}`);
    const staging = join(this.directory, `.${sessionKey(sessionId)}-${requestId}.tmp`);
    try {
      // Written aside and renamed in, so a canceller never reads a half-written marker.
      writeFileSync(staging, `${JSON.stringify(content)}\n`, { mode: 0o600, flag: 'wx' });
      renameSync(staging, `${base}.json`);
      return new WaiterMarker(base);
    } catch {
      rmSync(staging, { force: true });
      return null;
    }
  }

  /** Retires the selected waiters of a session and waits (bounded) until they have closed their connections. */
  async cancel(sessionId: string, selection: WaiterSelection, deps: CancelDeps): Promise<void> {
    const prefix = `${sessionKey(sessionId)}-`;
    const pending: string[] = [];
    for (const name of this.#markerNames(prefix)) {
      const path = join(this.directory, name);
      const content = readMarker(path);
      if (content === null) {
        rmSync(path, { force: true });
        continue;
      }
      if (selection.kind === 'tool_call' && (content.tool !== selection.tool || content.input_digest !== selection.inputDigest)) continue;
      if (!deps.processAlive(content.pid) || content.expires_at < deps.now()) {
        rmSync(path, { force: true });
        continue;
      }
      const cancelPath = `${path.slice(0, -'.json'.length)}.cancel`;
      try {
        renameSync(path, cancelPath);
        pending.push(cancelPath);
      } catch {
        // The waiter finished and removed its marker meanwhile: nothing to wait for.
      }
    }
    if (pending.length === 0) return;
    const giveUpAt = deps.now() + CANCEL_BUDGET_MS;
    let remaining = pending.filter((path) => existsSync(path));
    while (remaining.length > 0 && deps.now() < giveUpAt) {
      await deps.sleep(CANCEL_POLL_MS);
      remaining = remaining.filter((path) => existsSync(path));
    }
    for (const path of remaining) rmSync(path, { force: true });
  }

  #markerNames(prefix: string): string[] {
    try {
      return readdirSync(this.directory).filter((name) => name.startsWith(prefix) && name.endsWith('.json'));
    } catch {
      return [];
    }
  }
}

/** The waiter's handle on its own marker. */
export class WaiterMarker {
  constructor(private readonly base: string) {}

  get jsonPath(): string {
    return `${this.base}.json`;
  }

  /** True once a canceller has taken the marker away. */
  isCancelled(): boolean {
    return !existsSync(this.jsonPath);
  }

  /** Removes both files; call after the daemon connection is closed (the canceller waits for the `.cancel` to go). */
  remove(): void {
    rmSync(this.jsonPath, { force: true });
    rmSync(`${this.base}.cancel`, { force: true });
  }
}

/** First 16 hex characters of SHA-256 over the UTF-8 session id (Node encodes lone surrogates as U+FFFD). */
export function sessionKey(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex').slice(0, 16);
}

function readMarker(path: string): WaiterMarkerContent | null {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<WaiterMarkerContent> | null;
    if (typeof value !== 'object' || value === null) return null;
    const { pid, tool, input_digest: digest, expires_at: expiresAt } = value;
    if (!Number.isInteger(pid) || (pid as number) <= 0 || typeof tool !== 'string' || typeof expiresAt !== 'number') return null;
    if (digest !== null && typeof digest !== 'string') return null;
    return { pid: pid as number, tool, input_digest: digest, expires_at: expiresAt };
  } catch {
    return null;
  }
}

export { processAlive } from '../../support/staging-files.js';
