#!/usr/bin/env node
/**
 * The detached helper that keeps a finished run on the pad (linger.ts): read
 * the plan on stdin, hold a lease on the run's identity, say `ready`, repeat
 * the final state every second until the time is up or a new run took the
 * marker away, then release the lease, which removes the session.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { PadLatticeClient, type SessionLease } from '../../client/index.js';
import { makeIdentity } from '../../domain/index.js';
import type { CliIo } from '../../support/cli-io.js';
import { runIfEntryPoint } from '../../support/entry-point.js';
import { readOwnFile, replaceFileAtomically } from '../../support/private-file.js';
import { lingerPlanSchema, markerSchema, type LingerPlan } from './linger.js';
import { readToEnd, withoutHarm } from './never-harm.js';
import { ensurePrivateDir } from './runtime-dir.js';

/** Below the daemon's default terminal hold (2 s), so the final state never turns back into "waiting for reply". */
const REFRESH_MS = 1_000;
/** How often the marker is checked: a new run replaces the session within this. */
const MARKER_POLL_MS = 100;
const STEP_TIMEOUT_MS = 2_000;

export async function runLinger(_args: readonly string[], io: CliIo): Promise<number> {
  let plan: LingerPlan;
  try {
    plan = lingerPlanSchema.parse(JSON.parse((await readToEnd(io.stdin)).toString('utf8')));
  } catch {
    return 2;
  }
  const identity = makeIdentity(plan.identity.backend, plan.identity.sessionId);
  const client = new PadLatticeClient({ socketPath: plan.socketPath, timeoutMs: STEP_TIMEOUT_MS });
  let lease: SessionLease;
  try {
    lease = await client.sessionLease({ leaseId: randomUUID().replaceAll('-', ''), agent: identity, metadata: plan.metadata });
  } catch {
    return 1;
  }
  const report = () => withoutHarm(() => client.reportState(plan.state, { agent: identity, leaseId: lease.leaseId }), STEP_TIMEOUT_MS);
  try {
    await report();
    const marked = plan.markerPath !== null && writeMarker(plan.markerPath, plan.identity);
    io.stdout.write('ready\n');
    const deadline = Date.now() + plan.seconds * 1000;
    let nextRefresh = Date.now() + REFRESH_MS;
    while (Date.now() < deadline) {
      await sleep(Math.min(MARKER_POLL_MS, deadline - Date.now()));
      // Replaced by a new run: it removed the marker and ends the session itself.
      if (marked && !ownsMarker(plan.markerPath!)) return 0;
      if (Date.now() >= nextRefresh) {
        nextRefresh += REFRESH_MS;
        await report();
      }
    }
    if (marked) removeMarker(plan.markerPath!);
    return 0;
  } finally {
    await lease.close();
  }
}

function writeMarker(path: string, identity: LingerPlan['identity']): boolean {
  if (!ensurePrivateDir(dirname(path))) return false;
  try {
    replaceFileAtomically(path, JSON.stringify({ identity, pid: process.pid }), { durable: false });
    return true;
  } catch {
    return false;
  }
}

function ownsMarker(path: string): boolean {
  try {
    const text = readOwnFile(path, { privateOnly: true });
    return text !== null && markerSchema.parse(JSON.parse(text.toString('utf8'))).pid === process.pid;
  } catch {
    return false;
  }
}

function removeMarker(path: string): void {
  try {
    if (existsSync(path) && ownsMarker(path)) unlinkSync(path);
  } catch {
    // Gone already.
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

runIfEntryPoint(import.meta.url, runLinger, { name: 'pad-lattice linger', crashExit: 1 });
