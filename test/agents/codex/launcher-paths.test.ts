import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanEnv, makeFakeAgent } from '../shared/fake-agent.js';
import { FakeDaemon, cleanUpFakes, privateTempDir, stateAck, until } from '../shared/fake-daemon.js';
import { runLauncher } from './launcher-run.js';

/** The built linger helper (npm test builds first). */
const HELPER = fileURLToPath(new URL('../../../dist/src/agents/shared/linger-main.js', import.meta.url));

/*
 * Which way `pad-lattice codex` runs Codex, by `codex --version`: the app-server for 0.171.0 and
 * later, hooks for older ones, for an unreadable version and with --hooks; a Codex whose
 * app-server does not come up falls back to hooks. (The app-server path itself, with the real
 * Codex: test/real-agents/codex-app-server.test.ts.)
 */

afterEach(cleanUpFakes);

async function launch(version: string | null, extraArgs: readonly string[] = []) {
  const daemon = await FakeDaemon.start();
  const agent = makeFakeAgent();
  const env = cleanEnv({ ...agent.env, XDG_RUNTIME_DIR: privateTempDir('pl-codex-rt-'), ...(version === null ? {} : { FAKE_AGENT_VERSION: version }) });
  const run = await runLauncher(['--socket', daemon.socketPath, '--codex', agent.bin, ...extraArgs, '--', 'resume'], env);
  return { run, argv: agent.record()?.argv ?? null, daemon };
}

describe('pad-lattice codex: hooks or app-server', () => {
  it('an older Codex, one whose version cannot be read, and --hooks run with the hooks', async () => {
    for (const [version, extra] of [
      ['codex-cli 0.170.9', []],
      [null, []],
      ['codex-cli 0.171.0', ['--hooks']],
    ] as const) {
      const { run, argv } = await launch(version, extra);
      expect(run, String(version)).toMatchObject({ code: 0, stderr: '' });
      expect(argv?.slice(1, 3), String(version)).toEqual(['--enable', 'hooks']);
      expect(argv?.at(-1)).toBe('resume');
    }
  });

  it('Codex 0.171.0 is started as an app-server first; when it does not listen, the launcher says so and runs the hooks instead', async () => {
    // The fake answers `app-server --listen …` by exiting at once, as a Codex without the subcommand would.
    const { run, argv } = await launch('codex-cli 0.171.0');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^pad-lattice: .*fake-codex app-server exited before it listened; running Codex with hooks instead\n$/);
    expect(argv?.slice(1, 3)).toEqual(['--enable', 'hooks']);
  });

  it('on the app-server path --remote is refused, and --linger takes only seconds from 0 to a day; nothing starts', async () => {
    const remote = await launch('codex-cli 0.172.0', ['--', '--remote', 'ws://127.0.0.1:1']);
    expect(remote.run).toMatchObject({ code: 2 });
    expect(remote.run.stderr).toContain('--remote cannot be passed to Codex; add --hooks to keep your own');
    expect(remote.argv).toBeNull();
    for (const linger of ['-1', 'later']) {
      const bad = await launch('codex-cli 0.171.0', ['--linger', linger]);
      expect(bad.run.code).toBe(2);
      expect(bad.run.stderr).toBe(`pad-lattice: --linger must be a number of seconds from 0 to 86400, got "${linger}"\n`);
      expect(bad.argv).toBeNull();
      expect(bad.daemon.connections).toHaveLength(0);
    }
  });

  it('when Codex exits, the session its hooks bound lingers with how it ended: the helper takes a lease on it and repeats the state', async () => {
    if (!existsSync(HELPER)) throw new Error(`${HELPER} is missing: run \`npm run build\` first`);
    const daemon = await FakeDaemon.start();
    // The daemon binds the launcher's lease to the identity a hook reported (here: at once).
    daemon.handler = (message, connection) => {
      if (message['type'] === 'session_lease' && message['agent'] !== undefined && daemon.ofType('session_lease').length === 1)
        connection.send({
          protocol: 1,
          type: 'session_lease_bound',
          lease_id: message['lease_id'],
          session: stateAck('codex', '019f28ff-aaaa-bbbb', { scene: 1, accent: 'cyan', label: 'x' }),
        });
    };
    const agent = makeFakeAgent({ exitStatus: 17 });
    const env = cleanEnv({ ...agent.env, XDG_RUNTIME_DIR: privateTempDir('pl-codex-rt-') });
    const run = await runLauncher(['--socket', daemon.socketPath, '--codex', agent.bin, '--hooks', '--linger', '2'], env, {
      lingerEntry: { node: process.execPath, script: HELPER },
    });
    expect(run.code).toBe(17);
    const identity = { backend: 'codex', session_id: '019f28ff-aaaa-bbbb' };
    const leases = daemon.ofType('session_lease');
    expect(leases).toHaveLength(2);
    expect(leases[1]).toMatchObject({ agent: identity });
    expect(leases[1]?.['lease_id']).not.toBe(leases[0]?.['lease_id']);
    await until(() => daemon.ofType('state').length >= 2, 'the helper to repeat the final state', 5_000);
    expect(daemon.ofType('state').map((m) => [m['state'], m['agent']])).toEqual(daemon.ofType('state').map(() => ['error', identity]));
  });
});
