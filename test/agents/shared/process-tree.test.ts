import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { descendantsOf, signalTree } from '../../../src/agents/shared/process-tree.js';
import { cleanUpFakes, delay, privateTempDir, until } from './fake-daemon.js';

afterEach(cleanUpFakes);

describe('signalTree: Stop reaches the command an agent runs, even in a session of its own', () => {
  it('signals the grandchildren (one started with setsid) and the child; none of them finishes its work', async () => {
    const dir = privateTempDir('pl-tree-');
    const late = (name: string) => join(dir, `${name}.marker`);
    // A stand-in agent running two commands, one of them in a new session, as Codex's sandbox helper does.
    const agent = spawn('sh', ['-c', `sh -c 'sleep 2; touch ${late('plain')}' & setsid sh -c 'sleep 2; touch ${late('session')}' & wait`], { stdio: 'ignore' });
    const pid = agent.pid ?? -1;
    await until(() => descendantsOf(pid).length >= 4, 'both commands and their sleeps to start');
    const exited = new Promise((resolve) => agent.once('exit', resolve));
    signalTree(pid, 'SIGTERM');
    await exited;
    await delay(2_500);
    expect(existsSync(late('plain'))).toBe(false);
    expect(existsSync(late('session'))).toBe(false);
    expect(descendantsOf(pid)).toEqual([]);
  });

  it('a process with no children gets the signal alone; an unknown pid is no error', () => {
    expect(descendantsOf(2 ** 22 + 12345)).toEqual([]);
    expect(() => signalTree(2 ** 22 + 12345, 'SIGTERM')).not.toThrow();
  });
});
