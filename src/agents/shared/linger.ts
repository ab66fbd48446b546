import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PadLatticeClient } from '../../client/index.js';
import { makeIdentity, type AgentIdentity } from '../../domain/index.js';
import { readOwnFile } from '../../support/private-file.js';
import type { HookEntry } from './hook-command.js';
import { withoutHarm } from './never-harm.js';
import { privateRuntimeDir } from './runtime-dir.js';

/*
 * A run that ended stays on the pad for a while, showing how it ended, and
 * then leaves; the next run of the same agent replaces it at once. The
 * launcher (or codex-exec) is gone by then — the terminal is the user's
 * again — so a small detached helper (linger-main.ts) holds the session:
 * it takes a lease of its own on the identity, repeats the final state
 * (the daemon's terminal hold would otherwise turn it back into "waiting for
 * reply" after 2 s), and releases the lease when the time is up. The helper
 * leaves a marker in the private runtime directory, named after the agent's
 * "sameness" key, through which a new run finds and replaces it.
 */

/** How long a finished run shows its end by default. */
export const DEFAULT_LINGER_SECONDS = 30;
/** Longest `--linger` accepted: a day, the daemon's default session TTL. */
export const MAX_LINGER_SECONDS = 86_400;
/** How long the launcher waits for the helper to hold the session before it lets go anyway. */
const HANDOVER_TIMEOUT_MS = 3_000;
const STEP_TIMEOUT_MS = 2_000;

export type FinalState = 'success' | 'error' | 'cancelled';

/** What the helper is handed on its stdin. */
export const lingerPlanSchema = z.object({
  socketPath: z.string().min(1),
  identity: z.object({ backend: z.string().min(1), sessionId: z.string().min(1) }),
  state: z.enum(['success', 'error', 'cancelled']),
  seconds: z.number().positive().max(MAX_LINGER_SECONDS),
  metadata: z.record(z.string().min(1), z.string().min(1)),
  /** Where the helper keeps its marker; null when the runtime directory cannot be trusted (no replacement then). */
  markerPath: z.string().min(1).nullable(),
});
export type LingerPlan = z.infer<typeof lingerPlanSchema>;

export const markerSchema = z.object({ identity: lingerPlanSchema.shape.identity, pid: z.number().int() });

/** The built helper beside this module, run by this Node (tests pass their own, or none). */
export function defaultLingerEntry(): HookEntry {
  return { node: process.execPath, script: fileURLToPath(new URL('./linger-main.js', import.meta.url)) };
}

/** The final state of a run from its exit: 0 is success, a signal (a Stop, a closed terminal) cancelled, anything else an error. */
export function finalStateOf(status: number, signal: NodeJS.Signals | null): FinalState {
  if (signal !== null) return 'cancelled';
  return status === 0 ? 'success' : 'error';
}

/** Where the lingering session of the agent named by `sameness` (its backend, socket, folder, label …) keeps its marker. */
export function lingerMarkerPath(env: NodeJS.ProcessEnv, sameness: readonly string[]): string {
  const key = createHash('sha256').update(JSON.stringify(sameness)).digest('hex').slice(0, 32);
  return join(privateRuntimeDir(env), `linger-${key}.json`);
}

/**
 * Ends, at once, the session a previous run of the same agent left lingering
 * (if any): its marker goes first, so the helper stops repeating the state,
 * then the session itself. Never throws; bounded in time.
 */
export async function replaceLingering(markerPath: string, socketPath: string): Promise<void> {
  let identity: AgentIdentity;
  try {
    const text = readOwnFile(markerPath, { privateOnly: true });
    if (text === null) return;
    const marker = markerSchema.parse(JSON.parse(text.toString('utf8')));
    identity = makeIdentity(marker.identity.backend, marker.identity.sessionId);
    unlinkSync(markerPath);
  } catch {
    return; // No marker, or not one of ours: nothing to replace.
  }
  const client = new PadLatticeClient({ socketPath, timeoutMs: STEP_TIMEOUT_MS });
  await withoutHarm(() => client.endSession(identity), STEP_TIMEOUT_MS);
}

/**
 * Starts the helper with `plan` and resolves once it holds the session (it
 * prints `ready`), true; false when it could not start or did not say so in
 * time — the caller then simply lets the session go.
 */
export function handOverLinger(plan: LingerPlan, entry: HookEntry): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const child = spawn(entry.node, [entry.script], { detached: true, stdio: ['pipe', 'pipe', 'ignore'] });
    const finish = (ready: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout?.destroy();
      child.unref();
      resolve(ready);
    };
    const timer = setTimeout(() => finish(false), HANDOVER_TIMEOUT_MS);
    child.once('error', () => finish(false));
    child.once('exit', () => finish(false));
    let said = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      said += chunk;
      if (said.includes('ready\n')) finish(true);
    });
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(JSON.stringify(plan));
  });
}

/** `--linger SECONDS`: how long a finished run stays on the pad; 0 leaves at once. Throws `usageError(message)` for anything else. */
export function parseLingerSeconds(raw: string | undefined, usageError: (message: string) => Error): number {
  if (raw === undefined) return DEFAULT_LINGER_SECONDS;
  const seconds = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_LINGER_SECONDS)
    throw usageError(`--linger must be a number of seconds from 0 to ${MAX_LINGER_SECONDS}, got ${JSON.stringify(raw)}`);
  return seconds;
}
