import { privateRuntimeDir, realUid } from '../claude/runtime-dir.js';
import { processAlive, WaiterRegistry, type WaiterMarker } from '../claude/waiter-registry.js';

/*
 * Pending pad approvals of Gemini sessions, in the waiter registry Claude
 * Code's hooks use (marker files in the private runtime directory, a folder
 * of their own). A later hook of the same session retires them.
 */

const FOLDER = 'gemini-waiters';

export interface WaiterPlace {
  readonly env: NodeJS.ProcessEnv;
  readonly uid?: number;
}

function openRegistry(place: WaiterPlace): WaiterRegistry | null {
  const uid = place.uid ?? realUid();
  return WaiterRegistry.open(privateRuntimeDir(place.env, uid), uid, FOLDER);
}

/** The marker of one waiting hook; null when the registry cannot be used (the wait then ends only by itself). */
export function registerWaiter(place: WaiterPlace, sessionId: string, requestId: string, tool: string, expiresAt: number): WaiterMarker | null {
  return openRegistry(place)?.register(sessionId, requestId, { pid: process.pid, tool, input_digest: null, expires_at: expiresAt }) ?? null;
}

/** Calls off every pending approval of the session and waits (bounded) until their hooks let go of the pad. */
export async function retireWaiters(place: WaiterPlace, sessionId: string): Promise<void> {
  await openRegistry(place)?.cancel(
    sessionId,
    { kind: 'all' },
    { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)), processAlive },
  );
}
