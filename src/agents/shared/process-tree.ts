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

/** Sends `signal` to every process below `pid`, deepest first, then to `pid`; processes already gone are skipped. */
export function signalTree(pid: number, signal: NodeJS.Signals): void {
  for (const target of [...descendantsOf(pid), pid]) {
    try {
      process.kill(target, signal);
    } catch {
      // Gone already.
    }
  }
}
