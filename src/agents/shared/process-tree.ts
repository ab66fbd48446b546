import { execFileSync } from 'node:child_process';

/**
 * The processes below `pid` (children, grandchildren …), deepest first, from
 * one `ps` snapshot. Agents run their tools in processes of their own, some
 * in new sessions (Codex's sandbox helper), which a signal to the agent or
 * to its process group does not reach. Empty when `ps` cannot be run.
 */
export function descendantsOf(pid: number): number[] {
  let listing: string;
  try {
    listing = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const line of listing.split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (child === undefined || parent === undefined || !Number.isInteger(child) || !Number.isInteger(parent)) continue;
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      visit(child);
      found.push(child);
    }
  };
  visit(pid);
  return found;
}

/**
 * Sends `signal` to `pid` and every process below it. The tree is frozen
 * with SIGSTOP first, top-down and until a fresh snapshot finds nothing
 * new: signalling a running tree leaf-first lets a shell see its child die
 * and start the next command before its own signal arrives, and a process
 * forked between the snapshot and the signal would escape. Stopped
 * processes keep the signal pending and act on it at SIGCONT. Processes
 * already gone are skipped.
 */
export function signalTree(pid: number, signal: NodeJS.Signals): void {
  const frozen = new Set<number>();
  const send = (target: number, what: NodeJS.Signals) => {
    try {
      process.kill(target, what);
    } catch {
      // Gone already.
    }
  };
  for (let round = 0; round < FREEZE_ROUNDS; round += 1) {
    const fresh = [pid, ...descendantsOf(pid).reverse()].filter((target) => !frozen.has(target));
    if (fresh.length === 0) break;
    for (const target of fresh) {
      send(target, 'SIGSTOP');
      frozen.add(target);
    }
  }
  for (const target of frozen) send(target, signal);
  for (const target of frozen) send(target, 'SIGCONT');
}

/** Snapshots taken while freezing; a tree still forking after this many is signalled as far as it was seen. */
const FREEZE_ROUNDS = 5;
