import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSocketDir } from './helpers/test-daemon.js';
import { answersPing, spawnCliDaemon } from './helpers/spawned.js';
import { eventually } from './helpers/wire-client.js';

/*
 * Issue 22.5: a closed terminal (SIGHUP) and Ctrl-\ (SIGQUIT) stop the daemon
 * as SIGTERM does, socket removed. Issue 21.4: SIGUSR1 opens no debugger —
 * the daemon never listens on a port it did not choose.
 */
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function startDaemon() {
  const { dir, path, remove } = makeSocketDir();
  const daemon = spawnCliDaemon(path, dir);
  cleanups.push(() => {
    daemon.child.kill('SIGKILL');
    remove();
  });
  return { ...daemon, path };
}

/** Inodes of the TCP sockets in LISTEN state (st 0A) in /proc/net/tcp and tcp6, with their local ports. */
function listeningTcp(): Map<string, number> {
  const listening = new Map<string, number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] === '0A') listening.set(fields[9]!, parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return listening;
}

/** The local ports a process listens on over TCP: its socket descriptors matched against the LISTEN tables. */
function portsListenedBy(pid: number): number[] {
  const listening = listeningTcp();
  const ports: number[] = [];
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    let target: string;
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue;
    }
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    const port = inode === undefined ? undefined : listening.get(inode);
    if (port !== undefined) ports.push(port);
  }
  return ports.sort();
}

describe('stop signals (issue 22.5)', () => {
  for (const signal of ['SIGHUP', 'SIGQUIT'] as const) {
    it(`${signal} shuts down like SIGTERM: exit 0, socket removed`, async () => {
      const daemon = startDaemon();
      await eventually(() => answersPing(daemon.path), 15_000, 'daemon answering');
      daemon.child.kill(signal);
      expect(await daemon.exited).toEqual({ code: 0, signal: null });
      expect(daemon.stderr()).toContain(`${signal}: shutting down`);
      expect(existsSync(daemon.path)).toBe(false);
    });
  }
});

describe('a stop signal while the daemon starts (issue 22.5)', () => {
  it('sent the moment the socket appears, before the start has finished, still shuts down in order: exit 0, socket removed', async () => {
    const daemon = startDaemon();
    // Agents may connect (and be answered) as soon as the socket exists; so may a stop signal arrive.
    await eventually(() => existsSync(daemon.path), 15_000, 'the socket to appear', 1);
    daemon.child.kill('SIGTERM');
    expect(await daemon.exited).toEqual({ code: 0, signal: null });
    expect(daemon.stderr()).toContain('SIGTERM: shutting down');
    expect(existsSync(daemon.path)).toBe(false);
  });
});

describe('SIGUSR1 (issue 21.4)', () => {
  it('opens no debugger port; the daemon keeps serving', async () => {
    const daemon = startDaemon();
    await eventually(() => answersPing(daemon.path), 15_000, 'daemon answering');
    const pid = daemon.child.pid!;
    expect(portsListenedBy(pid)).toEqual([]);
    daemon.child.kill('SIGUSR1');
    // Node's default would open 127.0.0.1:9229 within milliseconds; ours logs instead.
    await eventually(() => daemon.stderr().includes('SIGUSR1 ignored') || portsListenedBy(pid).length > 0, 10_000, 'SIGUSR1 handled');
    expect(portsListenedBy(pid)).toEqual([]);
    expect(daemon.stderr()).not.toContain('Debugger listening');
    expect(await answersPing(daemon.path)).toBe(true);
    daemon.child.kill('SIGTERM');
    expect((await daemon.exited).code).toBe(0);
  });
});
