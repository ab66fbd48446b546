import { hubOf } from '../../helpers/hub.js';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCodexExec } from '../../../src/agents/codex/exec.js';
import type { HookEntry } from '../../../src/agents/shared/hook-command.js';
import { finalStateOf, handOverLinger, lingerMarkerPath, parseLingerSeconds, replaceLingering, type LingerPlan } from '../../../src/agents/shared/linger.js';
import { PadLatticeClient, type StatusSessionReport } from '../../../src/client/index.js';
import { startDaemon } from '../../../src/daemon/daemon.js';
import { RecordingSurface } from '../../daemon/helpers/fakes.js';
import { captureIo } from '../../helpers/capture-io.js';
import { cleanEnv, makeFakeAgent } from './fake-agent.js';
import { cleanUpFakes, privateTempDir, tempSocketPath, until } from './fake-daemon.js';

/*
 * A finished run stays on the pad, showing how it ended, for its linger time, held by the detached
 * helper (the built linger-main.js: npm test builds first); the next run of the same agent
 * replaces it at once. Against the real daemon, whose terminal hold (2 s) would otherwise turn
 * the final state back into waiting_for_reply.
 */

const HELPER = fileURLToPath(new URL('../../../dist/src/agents/shared/linger-main.js', import.meta.url));
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await cleanUpFakes();
});

function builtHelper(): HookEntry {
  if (!existsSync(HELPER)) throw new Error(`${HELPER} is missing: run \`npm run build\` first`);
  return { node: process.execPath, script: HELPER };
}

async function realDaemon(): Promise<{ socketPath: string; client: PadLatticeClient }> {
  const socketPath = tempSocketPath();
  const handle = await startDaemon({ socketPath, surfaces: hubOf([new RecordingSurface(4)]), identityStorePath: null, pollInterval: 0.005 });
  closers.push(() => handle.close());
  return { socketPath, client: new PadLatticeClient({ socketPath }) };
}

/** Samples until no session matches; returns the states seen and how long the session was seen. */
async function watchUntilGone(client: PadLatticeClient, match: (s: StatusSessionReport) => boolean, timeoutMs = 15_000) {
  const seen: { at: number; state: string; leased: boolean }[] = [];
  await until(
    async () => {
      const session = (await client.status()).sessions.find(match);
      if (session !== undefined) seen.push({ at: Date.now(), state: session.state, leased: session.leased });
      return session === undefined && seen.length > 0;
    },
    'the lingering session to leave',
    timeoutMs,
    50,
  );
  return { states: new Set(seen.map((s) => s.state)), leased: seen.every((s) => s.leased), spanMs: seen.at(-1)!.at - seen[0]!.at };
}

function plan(socketPath: string, markerPath: string, extra: Partial<LingerPlan> = {}): LingerPlan {
  return {
    socketPath,
    identity: { backend: 'codex-exec', sessionId: 'run-1' },
    state: 'success',
    seconds: 3,
    metadata: { cwd: '/home/dev/p' },
    markerPath,
    ...extra,
  };
}

describe('a finished run lingers on the pad', () => {
  it('the helper holds the session with its final state past the daemon’s terminal hold, then lets it go and removes its marker', async () => {
    const { socketPath, client } = await realDaemon();
    const markerPath = join(privateTempDir('pl-linger-rt-'), 'pad-lattice', 'linger-test.json');
    await client.reportState('running', { agent: { backend: 'codex-exec', sessionId: 'run-1' } });
    expect(await handOverLinger(plan(socketPath, markerPath, { state: 'error' }), builtHelper())).toBe(true);
    expect(existsSync(markerPath)).toBe(true);
    const watched = await watchUntilGone(client, (s) => s.identity.sessionId === 'run-1');
    expect(watched.states).toEqual(new Set(['error']));
    expect(watched.leased).toBe(true);
    expect(watched.spanMs).toBeGreaterThan(2_000);
    await until(() => !existsSync(markerPath), 'the marker to go');
  });

  it('the next run replaces it at once: the marker is taken and the session ends; the helper then leaves without coming back', async () => {
    const { socketPath, client } = await realDaemon();
    const markerPath = join(privateTempDir('pl-linger-rt-'), 'pad-lattice', 'linger-test.json');
    expect(await handOverLinger(plan(socketPath, markerPath, { seconds: 60 }), builtHelper())).toBe(true);
    expect((await client.status()).sessions.map((s) => [s.identity.sessionId, s.state])).toEqual([['run-1', 'success']]);
    await replaceLingering(markerPath, socketPath);
    expect((await client.status()).sessions).toEqual([]);
    expect(existsSync(markerPath)).toBe(false);
    // Past the helper's next refresh: it saw its marker go and did not report again.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect((await client.status()).sessions).toEqual([]);
    // Nothing to replace is not an error.
    await replaceLingering(markerPath, socketPath);
  });

  it('without a daemon the helper cannot hold anything and says so; the launcher then lets the session go', async () => {
    const markerPath = join(privateTempDir('pl-linger-rt-'), 'pad-lattice', 'linger-test.json');
    expect(await handOverLinger(plan(tempSocketPath(), markerPath), builtHelper())).toBe(false);
    expect(await handOverLinger(plan(tempSocketPath(), markerPath), { node: process.execPath, script: '/nonexistent/linger-main.js' })).toBe(false);
    expect(existsSync(markerPath)).toBe(false);
  });

  it('codex-exec: the ended run lingers as success; the next run in the same folder replaces it before it shows itself', async () => {
    const { socketPath, client } = await realDaemon();
    const runtime = privateTempDir('pl-linger-rt-');
    const cwd = privateTempDir('pl-linger-project-');
    const exec = async (agent: ReturnType<typeof makeFakeAgent>, linger: string) => {
      const capture = captureIo('', cleanEnv({ ...agent.env, XDG_RUNTIME_DIR: runtime }));
      const code = await runCodexExec(['--socket', socketPath, '--codex', agent.bin, '--linger', linger, 'do it'], capture.io, {
        signals: new EventEmitter(),
        lingerEntry: builtHelper(),
        cwd,
      });
      return { code, stderr: capture.stderr() };
    };
    const done = makeFakeAgent({ output: ['{"type":"turn.started"}', '{"type":"turn.completed","usage":{}}'] });
    expect((await exec(done, '60')).code).toBe(0);
    const [first] = (await client.status()).sessions;
    expect(first).toMatchObject({ identity: { backend: 'codex-exec' }, state: 'success', leased: true });
    expect(existsSync(lingerMarkerPath({ XDG_RUNTIME_DIR: runtime }, ['codex-exec', socketPath, cwd]))).toBe(true);

    const failing = makeFakeAgent({ output: ['{"type":"turn.started"}'], exitStatus: 3 });
    expect((await exec(failing, '3')).code).toBe(3);
    const sessions = (await client.status()).sessions;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.identity).not.toEqual(first?.identity);
    expect((await watchUntilGone(client, (s) => s.identity.backend === 'codex-exec')).states).toEqual(new Set(['error']));
  });
});

describe('the words of lingering', () => {
  it('an exit status becomes a final state; --linger takes 0 to a day of seconds', () => {
    expect(finalStateOf(0, null)).toBe('success');
    expect(finalStateOf(17, null)).toBe('error');
    expect(finalStateOf(143, 'SIGTERM')).toBe('cancelled');
    const usage = (message: string) => new Error(message);
    expect(parseLingerSeconds(undefined, usage)).toBe(30);
    expect(parseLingerSeconds('0', usage)).toBe(0);
    expect(parseLingerSeconds('2.5', usage)).toBe(2.5);
    for (const bad of ['-1', 'soon', '', '86401', 'Infinity'])
      expect(() => parseLingerSeconds(bad, usage), bad).toThrow(/--linger must be a number of seconds from 0 to 86400/);
  });
});
