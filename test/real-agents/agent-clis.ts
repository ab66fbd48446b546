import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/*
 * Where the real agent CLIs are: the cache scripts/install-agent-clis.mjs fills.
 * Without them the real-agent tests are reported as skipped, with the reason and the install
 * command, unless PAD_LATTICE_REQUIRE_AGENT_CLIS=1 (set by CI), which makes their absence a failure.
 */

export const INSTALL_SCRIPT = fileURLToPath(new URL('../../scripts/install-agent-clis.mjs', import.meta.url));
export const INSTALL_COMMAND = 'node scripts/install-agent-clis.mjs';

export interface AgentCli {
  readonly package: string;
  readonly version: string;
  readonly bin: string;
}

export type AgentClis = { readonly ready: true; readonly claude: AgentCli; readonly codex: AgentCli } | { readonly ready: false; readonly why: string };

/** Asks the install script (installing nothing) whether the pinned Claude Code and Codex are in the cache. */
export function locateAgentClis(env: NodeJS.ProcessEnv = process.env): AgentClis {
  const located = locatePinnedClis(['claude', 'codex'], env);
  return located.ready ? { ready: true, claude: located.clis.claude, codex: located.clis.codex } : located;
}

/** The pinned CLIs `names`, when every one of them is in the cache (asking the install script, which installs nothing). */
export function locatePinnedClis<N extends string>(
  names: readonly N[],
  env: NodeJS.ProcessEnv = process.env,
): { readonly ready: true; readonly clis: Readonly<Record<N, AgentCli>> } | { readonly ready: false; readonly why: string } {
  const run = spawnSync(process.execPath, [INSTALL_SCRIPT, '--check', '--json'], { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] });
  let report: { readonly cache: string; readonly clis: Readonly<Record<string, (AgentCli & { readonly installed: boolean }) | undefined>> };
  try {
    report = JSON.parse(run.stdout) as typeof report;
  } catch {
    return { ready: false, why: `${INSTALL_SCRIPT} --check failed: ${run.stderr.trim()}` };
  }
  const unpinned = names.filter((name) => report.clis[name] === undefined);
  if (unpinned.length > 0) return { ready: false, why: `${unpinned.join(' and ')} not pinned in scripts/agent-clis.json` };
  const missing = names.map((name) => report.clis[name] as AgentCli & { installed: boolean }).filter((cli) => !cli.installed);
  if (missing.length > 0)
    return { ready: false, why: `${missing.map((cli) => `${cli.package}@${cli.version}`).join(' and ')} not installed in ${report.cache}` };
  return { ready: true, clis: Object.fromEntries(names.map((name) => [name, report.clis[name] as AgentCli])) as Record<N, AgentCli> };
}

/** The note of a skipped real-agent test (`what` names the tests); throws instead when the CLIs are required. */
export function skipNote(
  clis: { readonly ready: false; readonly why: string },
  env: NodeJS.ProcessEnv = process.env,
  what = 'real Claude Code/Codex tests',
): string {
  const note = `${what} need the agent CLIs: ${clis.why}; install them with \`${INSTALL_COMMAND}\``;
  if (env['PAD_LATTICE_REQUIRE_AGENT_CLIS'] === '1') throw new Error(`${note} (PAD_LATTICE_REQUIRE_AGENT_CLIS=1: they must run here)`);
  return note;
}
