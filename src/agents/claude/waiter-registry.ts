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

/**
 * Which markers of a session a canceller retires: all of them, or the one
 * request a tool call's end answers. Requests are keyed one each, never by
 * tool call: two identical calls in one batch wait as two requests, and the
 * end of the first retires only the oldest of them (or, when the pad already
 * answered that one, nothing: see WaiterMarker.decided).
 */
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
  private constructor(
    readonly directory: string,
    /** Beside the markers: what a session asked last, and the tombstones of requests the pad answered. */
    readonly notesDirectory: string,
  ) {}

  /**
   * The registry under the private runtime directory, or null when any of its
   * directories fails its checks. `folder` names the agent's own registry
   * (Gemini CLI's hooks keep theirs beside Claude Code's); its notes live in
   * the sibling `…-requests` folder.
   */
  static open(runtimeDir: string, uid: number = realUid(), folder = 'claude-waiters'): WaiterRegistry | null {
    if (!ensurePrivateDir(runtimeDir, uid)) return null;
    const directory = join(runtimeDir, folder);
    const notes = join(runtimeDir, `${folder.replace(/-waiters$/, '')}-requests`);
    return ensurePrivateDir(directory, uid) && ensurePrivateDir(notes, uid) ? new WaiterRegistry(directory, notes) : null;
  }

  /** Creates the marker of one waiter; null when it cannot be written (superseding is then off for this waiter). */
  register(sessionId: string, requestId: string, content: WaiterMarkerContent): WaiterMarker | null {
    const base = join(this.directory, `${sessionKey(sessionId)}-${requestId}`);
    const staging = join(this.directory, `.${sessionKey(sessionId)}-${requestId}.tmp`);
    try {
      // Written aside and renamed in, so a canceller never reads a half-written marker.
      writeFileSync(staging, `${JSON.stringify(content)}\n`, { mode: 0o600, flag: 'wx' });
      renameSync(staging, `${base}.json`);
      return new WaiterMarker(base, join(this.notesDirectory, `${sessionKey(sessionId)}-${requestId}`));
    } catch {
      rmSync(staging, { force: true });
      return null;
    }
  }

  /**
   * Remembers the tool of the session's latest permission request (one small
   * file per session), so that a later "Claude needs your permission"
   * notification, which names no tool, can tell a question's from an
   * approval's when no waiter is left to ask. Cleared by every cancellation.
   */
  noteAsk(sessionId: string, tool: string): void {
    const path = join(this.notesDirectory, `${sessionKey(sessionId)}${ASK_NOTE}`);
    const staging = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(staging, tool, { mode: 0o600 });
      renameSync(staging, path);
    } catch {
      rmSync(staging, { force: true });
    }
  }

  lastAsk(sessionId: string): string | null {
    try {
      return readFileSync(join(this.notesDirectory, `${sessionKey(sessionId)}${ASK_NOTE}`), 'utf8');
    } catch {
      return null;
    }
  }

  /** Retires the selected waiters of a session and waits (bounded) until they have closed their connections. */
  async cancel(sessionId: string, selection: WaiterSelection, deps: CancelDeps): Promise<void> {
    rmSync(join(this.notesDirectory, `${sessionKey(sessionId)}${ASK_NOTE}`), { force: true });
    const prefix = `${sessionKey(sessionId)}-`;
    if (selection.kind === 'all') this.#names(this.notesDirectory, prefix, DECIDED).forEach((name) => rmSync(join(this.notesDirectory, name), { force: true }));
    else if (this.#takeDecided(prefix, selection)) return;
    const pending: string[] = [];
    for (const { path, content } of this.#liveMarkers(prefix, deps)) {
      if (selection.kind === 'tool_call' && !sameCall(content, selection)) continue;
      const cancelPath = `${path.slice(0, -'.json'.length)}.cancel`;
      try {
        renameSync(path, cancelPath);
        pending.push(cancelPath);
      } catch {
        // The waiter finished and removed its marker meanwhile: nothing to wait for.
      }
      if (selection.kind === 'tool_call') break;
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

  /** The tool names of the session's waiters still waiting (stale markers are skipped, not touched). */
  waitingTools(sessionId: string, deps: Pick<CancelDeps, 'now' | 'processAlive'>): string[] {
    const prefix = `${sessionKey(sessionId)}-`;
    return this.#names(this.directory, prefix, '.json')
      .map((name) => readMarker(join(this.directory, name)))
      .filter((content): content is WaiterMarkerContent => content !== null && deps.processAlive(content.pid) && content.expires_at >= deps.now())
      .map((content) => content.tool);
  }

  /** Live markers of a session, oldest first; unreadable, dead and expired ones are deleted on the way. */
  #liveMarkers(prefix: string, deps: CancelDeps): { path: string; content: WaiterMarkerContent }[] {
    const live: { path: string; content: WaiterMarkerContent }[] = [];
    for (const name of this.#names(this.directory, prefix, '.json')) {
      const path = join(this.directory, name);
      const content = readMarker(path);
      if (content === null || !deps.processAlive(content.pid) || content.expires_at < deps.now()) rmSync(path, { force: true });
      else live.push({ path, content });
    }
    return live.sort((a, b) => a.content.expires_at - b.content.expires_at);
  }

  /** Consumes one tombstone of a request the pad answered for this call: that call's end is its own, and retires nobody. */
  #takeDecided(prefix: string, call: Extract<WaiterSelection, { kind: 'tool_call' }>): boolean {
    for (const name of this.#names(this.notesDirectory, prefix, DECIDED)) {
      const path = join(this.notesDirectory, name);
      const content = readMarker(path);
      if (content === null || !sameCall(content, call)) continue;
      rmSync(path, { force: true });
      return true;
    }
    return false;
  }

  #names(directory: string, prefix: string, suffix: string): string[] {
    try {
      return readdirSync(directory)
        .filter((name) => name.startsWith(prefix) && name.endsWith(suffix))
        .sort();
    } catch {
      return [];
    }
  }
}

/** The waiter's handle on its own marker. */
export class WaiterMarker {
  constructor(
    private readonly base: string,
    /** Where decided() leaves the tombstone. */
    private readonly noteBase: string,
  ) {}

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

  /**
   * Like remove, for a request the pad answered with the call going ahead:
   * the marker stays as a tombstone that the call's own PostToolUse consumes,
   * so that end does not retire another, identical request still waiting.
   * The session's next Stop or prompt clears what is left.
   */
  decided(): void {
    try {
      renameSync(this.jsonPath, `${this.noteBase}${DECIDED}`);
    } catch {
      // Cancelled meanwhile: the canceller took the marker, nothing to leave.
    }
    rmSync(`${this.base}.cancel`, { force: true });
  }
}

const DECIDED = '.decided';
const ASK_NOTE = '.ask';

function sameCall(content: WaiterMarkerContent, call: Extract<WaiterSelection, { kind: 'tool_call' }>): boolean {
  return content.tool === call.tool && content.input_digest === call.inputDigest;
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
