import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Loaded before every test file (vitest.config.ts `setupFiles`): the test
 * process, and every program a test spawns with its environment, get a
 * private temporary HOME, XDG folders and runtime folder, so nothing a test
 * runs can reach the user's default socket, profiles, identity store or agent
 * settings, even with a daemon running there. Variables that would point
 * elsewhere (a user's PAD_LATTICE_SOCKET, CODEX_HOME …) are dropped. npm keeps
 * the user's package cache and settings, which are npm's and not ours, so a
 * test that installs the package still finds its dependencies and registry;
 * likewise the real-agent tests keep the agent CLI cache that
 * scripts/install-agent-clis.mjs filled (programs, read and run, never
 * written by a test).
 */

const MARK = 'PAD_LATTICE_TEST_HOME';

/** Where the worker's own folders went; files share a worker (isolate: false), so it is made once. */
if (process.env[MARK] === undefined) {
  const realHome = homedir();
  const home = mkdtempSync(join(tmpdir(), 'pl-test-home-'));
  const runtime = join(home, 'run');
  for (const dir of [runtime, join(home, '.config'), join(home, '.local', 'state'), join(home, '.cache'), join(home, '.local', 'share')]) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  process.env['npm_config_cache'] ??= join(realHome, '.npm');
  process.env['npm_config_userconfig'] ??= join(realHome, '.npmrc');
  process.env['PAD_LATTICE_AGENT_CACHE'] ||= join(realHome, '.cache', 'pad-lattice', 'agent-clis');
  Object.assign(process.env, {
    [MARK]: home,
    HOME: home,
    XDG_RUNTIME_DIR: runtime,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
  });
  for (const name of [
    'PAD_LATTICE_SOCKET',
    'PAD_LATTICE_PROFILE_PATH',
    'PAD_LATTICE_LEASE_ID',
    'PAD_LATTICE_LABEL',
    'CODEX_HOME',
    'CLAUDE_CONFIG_DIR',
    'GEMINI_CLI_HOME',
  ]) {
    delete process.env[name];
  }
  process.once('exit', () => rmSync(home, { recursive: true, force: true }));
}
