import { ControlPlane } from '../../src/daemon/control-plane/index.js';
import { DaemonRuntime } from '../../src/daemon/runtime/runtime.js';
import { NO_SURFACES } from '../../src/daemon/runtime/no-surfaces.js';
import { IDENTITY_ACCENTS } from '../../src/domain/index.js';
import { encodeReply } from '../../src/wire/index.js';
import { measureOps } from '../ops.js';
import type { BenchSettings } from '../settings.js';

export interface StatusResult {
  /** Sessions whose metadata is filled to its bounds. */
  readonly sessions: number;
  /** The first `status` after every session got its metadata (nothing encoded before), microseconds; median of FIRST_RUNS. */
  readonly firstUs: number;
  /** Mean of one session changing its metadata and then a `status`, microseconds. */
  readonly meanUs: number;
  readonly rmePercent: number;
  /** The reply line sent, LF included. */
  readonly lineBytes: number;
  /** Sessions the reply lists (the rest do not fit one frame). */
  readonly listed: number;
}

export const STATUS_SESSION_COUNTS = [1, 100, 1_000] as const;
const FIRST_RUNS = 5;

/** A `state` line with the most metadata an agent can make a session keep: every value over its bound, non-ASCII (escaped on the wire). */
function worstStateLine(index: number, round: number): Buffer {
  // 1,200 bytes, over the 1,024 a value keeps; 45 of them still fit one 64 KiB line.
  const wide = `${round}${'✓'.repeat(400)}`;
  const agent: Record<string, string> = { backend: 'bench', session_id: `s${index}`, label: wide, cwd: `/${wide}/p${index}`, remote_host: 'h'.repeat(63) };
  for (let key = 0; key < 45; key += 1) agent[`key-${key}`] = wide;
  return Buffer.from(JSON.stringify({ protocol: 1, type: 'state', state: 'running', agent }));
}

function filledRuntime(count: number): DaemonRuntime {
  const plane = new ControlPlane({ selectorCapacity: 8, accentNames: IDENTITY_ACCENTS });
  const runtime = new DaemonRuntime({ plane, surfaces: NO_SURFACES, outbox: { send: () => true }, clock: () => 0 });
  for (let index = 0; index < count; index += 1) runtime.handleLine(1, worstStateLine(index, 0));
  if (plane.sessions().length !== count) throw new Error(`status bench: ${plane.sessions().length} of ${count} state lines were taken`);
  return runtime;
}

const statusLine = (runtime: DaemonRuntime) => encodeReply({ type: 'status', status: runtime.status() });

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The `status` a client gets, as the daemon answers it (report built, encoded and fitted into one frame), with every session at its metadata bounds. */
export function runStatusSuite(settings: BenchSettings): StatusResult[] {
  return STATUS_SESSION_COUNTS.map((count) => {
    const firsts: number[] = [];
    for (let run = 0; run < FIRST_RUNS; run += 1) {
      const runtime = filledRuntime(count);
      const started = performance.now();
      statusLine(runtime);
      firsts.push((performance.now() - started) * 1000);
    }
    const runtime = filledRuntime(count);
    const changes = Array.from({ length: 16 }, (_, round) => worstStateLine(0, round + 1));
    let next = 0;
    let line = '';
    const ops = measureOps(
      `status, ${count} sessions at the metadata bounds`,
      () => {
        runtime.handleLine(1, changes[next++ & 15]!);
        line = statusLine(runtime);
      },
      settings.ops,
    );
    const listed = (JSON.parse(line) as { sessions: unknown[] }).sessions.length;
    return { sessions: count, firstUs: median(firsts), meanUs: ops.meanNs / 1000, rmePercent: ops.rmePercent, lineBytes: Buffer.byteLength(line), listed };
  });
}
