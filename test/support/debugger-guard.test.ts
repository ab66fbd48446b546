import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';

/*
 * SIGUSR1 opens Node's inspector, an unauthenticated debugger every local
 * user can reach, until the program says otherwise. The bin files refuse
 * the signal before loading anything; an inspector the signal opened in
 * the moments before (Node's own start-up) is closed again. To hit that
 * moment for sure, a preload sends the signal to the process itself and
 * waits until the inspector is open; the daemon must then not leave it
 * open. Needs `npm run build` (the test runs the built program).
 */

const tempDir = tempDirsPerTest('pl-sigusr1-');
const BIN = new URL('../../dist/src/cli/bin.js', import.meta.url).pathname;
const PRELOAD = `
import { url } from 'node:inspector';
process.kill(process.pid, 'SIGUSR1');
const until = Date.now() + 5000;
while (url() === undefined && Date.now() < until) {}
`;

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('SIGUSR1 during start-up', () => {
  it('leaves no debugger listening once the daemon runs', async () => {
    const dir = tempDir();
    const preload = join(dir, 'signal-self.mjs');
    writeFileSync(preload, PRELOAD);
    // --inspect-port=0: the inspector the signal opens takes a free port, not 9229 (which another program may hold).
    const child = spawn(
      process.execPath,
      ['--inspect-port=0', '--import', preload, BIN, 'daemon', '--socket', join(dir, 'd.sock'), '--identity-store', join(dir, 'ids.json')],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, HOME: dir, XDG_RUNTIME_DIR: dir, NO_COLOR: '1' },
      },
    );
    let stderr = '';
    const listening = new Promise<void>((resolve) =>
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('pad-lattice daemon: listening on')) resolve();
      }),
    );
    const closed = new Promise((resolve) => child.once('close', resolve));
    try {
      await listening;
      const port = Number(/Debugger listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr)?.[1]);
      expect(port).toBeGreaterThan(0);
      expect(await accepts(port)).toBe(false);
      expect(stderr).toContain('closed a debugger that SIGUSR1 opened while the program was starting');
    } finally {
      child.kill('SIGTERM');
      await closed;
    }
  });
});
