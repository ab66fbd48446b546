import { readdirSync, readFileSync } from 'node:fs';

/**
 * /proc/PID/stat counts utime and stime in USER_HZ ticks, which Linux fixes
 * at 100 a second for user space whatever the kernel's own tick.
 */
const USER_HZ = 100;
const NS_PER_TICK = 1_000_000_000n / BigInt(USER_HZ);

/**
 * CPU time a process has used so far, in nanoseconds, all its threads
 * (Node's libuv and V8 helpers as well as the main one), or null where there
 * is no /proc (not Linux) or the process is gone. Each thread's
 * /proc/PID/task/TID/schedstat gives nanoseconds; a kernel without
 * schedstats falls back to /proc/PID/stat (utime + stime, 10 ms ticks: good
 * only over long phases). Read before and after a phase; the difference is
 * what the phase cost that process, idle timers included.
 */
export function processCpuNs(pid: number): bigint | null {
  return schedstatNs(pid) ?? statNs(pid);
}

function schedstatNs(pid: number): bigint | null {
  try {
    let total = 0n;
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      const first = readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0];
      if (first === undefined || !/^\d+$/.test(first)) return null;
      total += BigInt(first);
    }
    return total;
  } catch {
    // A thread that ended between the listing and its read, or no schedstat at all: the coarse clock answers.
    return null;
  }
}

function statNs(pid: number): bigint | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = fields[11];
    const stime = fields[12];
    if (utime === undefined || stime === undefined) return null;
    return (BigInt(utime) + BigInt(stime)) * NS_PER_TICK;
  } catch {
    return null;
  }
}

/** A process's CPU clock: processCpuNs for one pid. */
export type CpuClock = () => bigint | null;

export const cpuClockOf =
  (pid: number | undefined): CpuClock =>
  () =>
    pid === undefined ? null : processCpuNs(pid);

/** Microseconds of CPU per operation between two readings, or null when either is missing. */
export function cpuUsPerOperation(before: bigint | null, after: bigint | null, operations: number): number | null {
  if (before === null || after === null || operations <= 0) return null;
  return Number(after - before) / 1000 / operations;
}
