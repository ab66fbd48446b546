import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { accentStoreKey } from '../../src/daemon/identity-store/accent-store-key.js';
import { ManualWriteTimer } from '../helpers/manual-write-timer.js';
import { RecordingSurface } from './helpers/fakes.js';
import { makeSocketDir, startTestDaemon } from './helpers/test-daemon.js';
import { WireClient, eventually } from './helpers/wire-client.js';
import { hubOf } from '../helpers/hub.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const DIST_DAEMON = join(REPO, 'dist/src/daemon/daemon.js');
const DIST_SIGNALS = join(REPO, 'dist/src/daemon/shutdown-signals.js');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const stateLine = (sessionId: string) =>
  `${JSON.stringify({ protocol: 1, type: 'state', state: 'running', agent: { backend: 'codex', session_id: sessionId }, reply: true })}\n`;

/** Sends one `state` per session on one connection and waits for every acknowledgement. */
async function reportAll(client: WireClient, sessions: readonly string[]): Promise<void> {
  client.write(sessions.map(stateLine).join(''));
  for (const _ of sessions) expect(await client.nextLine()).toContain('"type":"state_ack"');
}

const storedKeys = (path: string): string[] => Object.keys((JSON.parse(readFileSync(path, 'utf8')) as { identities: Record<string, unknown> }).identities);

const keyOf = (sessionId: string) => accentStoreKey(makeIdentity('codex', sessionId));

describe('identity store written behind the messages', () => {
  it('100 identities churning through 8 Scenes cause no file work until the interval ends, then one write', async () => {
    const timer = new ManualWriteTimer();
    const dir = makeSocketDir();
    cleanups.push(dir.remove);
    const storePath = join(dir.dir, 'state', 'identities.json');
    const daemon = await startTestDaemon({ surfaces: hubOf([new RecordingSurface(8)]), identityStorePath: storePath, identityStoreWrites: { timer } });
    cleanups.push(() => daemon.stop());
    const client = await daemon.connect();
    const sessions = Array.from({ length: 100 }, (_, k) => `agent-${k}`);

    await reportAll(client, sessions);
    expect(existsSync(join(dir.dir, 'state'))).toBe(false);
    expect(timer.delays).toHaveLength(1);

    timer.fire();
    // The interval's write syncs off the event loop and renames on a later turn.
    await eventually(() => existsSync(storePath));
    expect(storedKeys(storePath).sort()).toEqual(sessions.map(keyOf).sort());
    const written = readFileSync(storePath, 'utf8');

    await reportAll(client, [...sessions, 'late-comer']);
    expect(readFileSync(storePath, 'utf8')).toBe(written);
    expect(timer.delays).toHaveLength(2);

    // Shutting down writes what the interval still held.
    await daemon.handle.close();
    expect(storedKeys(storePath)).toContain(keyOf('late-comer'));
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} writes the pending changes before the daemon exits`, async () => {
      const dir = makeSocketDir();
      cleanups.push(dir.remove);
      const storePath = join(dir.dir, 'identities.json');
      // An hour-long interval: only the shutdown can have written the file.
      const script = `
        const { startDaemon } = await import(${JSON.stringify(DIST_DAEMON)});
        const { runUntilSignalled } = await import(${JSON.stringify(DIST_SIGNALS)});
        const log = { info() {}, warn() {}, error(m) { process.stderr.write(m + '\\n'); } };
        const handle = await startDaemon({
          socketPath: ${JSON.stringify(dir.path)},
          identityStorePath: ${JSON.stringify(storePath)},
          identityStoreWrites: { intervalSeconds: 3600 },
        });
        runUntilSignalled(handle, log);`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
      cleanups.push(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      let client: WireClient | null = null;
      await eventually(
        async () => {
          client = await WireClient.connect(dir.path).catch(() => null);
          return client !== null;
        },
        15_000,
        'the daemon listening',
      );
      await reportAll(client!, ['remembered']);
      expect(existsSync(storePath)).toBe(false);
      child.kill(signal);
      expect(await exited).toBe(0);
      expect(storedKeys(storePath)).toEqual([keyOf('remembered')]);
    });
  }
});
