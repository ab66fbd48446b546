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
  /** Variables the CLI needs from the cache (Copilot's unpacked runtime: COPILOT_CACHE_HOME). */
  readonly env: Readonly<Record<string, string>>;
}

/** The CLIs scripts/agent-clis.json pins. */
export type AgentCliName = 'claude' | 'codex' | 'gemini' | 'copilot' | 'opencode';

export type AgentClis = { readonly ready: true; readonly claude: AgentCli; readonly codex: AgentCli } | { readonly ready: false; readonly why: string };

interface InstallReport {
  readonly cache: string;
  readonly clis: Readonly<Record<AgentCliName, AgentCli & { readonly installed: boolean }>>;
}

/** Asks the install script (installing nothing) which pinned CLIs are in the cache. */
function installReport(env: NodeJS.ProcessEnv): InstallReport | string {
  const run = spawnSync(process.execPath, [INSTALL_SCRIPT, '--check', '--json'], { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    return JSON.parse(run.stdout) as InstallReport;
  } catch {
    return `${INSTALL_SCRIPT} --check failed: ${run.stderr.trim()}`;
  }
}

/** Claude Code and Codex, both installed, or why not. */
export function locateAgentClis(env: NodeJS.ProcessEnv = process.env): AgentClis {
  const located = locatePinnedClis(['claude', 'codex'], env);
  return located.ready ? { ready: true, claude: located.clis.claude, codex: located.clis.codex } : located;
}

/** One pinned CLI, installed, or why not. */
export function locateAgentCli(
  name: AgentCliName,
  env: NodeJS.ProcessEnv = process.env,
): { readonly ready: true; readonly cli: AgentCli } | { readonly ready: false; readonly why: string } {
  const located = locatePinnedClis([name], env);
  return located.ready ? { ready: true, cli: located.clis[name] } : located;
}

/** The pinned CLIs `names`, when every one of them is installed (one question to the install script), or why not. */
export function locatePinnedClis<N extends AgentCliName>(
  names: readonly N[],
  env: NodeJS.ProcessEnv = process.env,
): { readonly ready: true; readonly clis: Readonly<Record<N, AgentCli>> } | { readonly ready: false; readonly why: string } {
  const report = installReport(env);
  if (typeof report === 'string') return { ready: false, why: report };
  const unpinned = names.filter((name) => report.clis[name] === undefined);
  if (unpinned.length > 0) return { ready: false, why: `${unpinned.join(' and ')} not pinned in scripts/agent-clis.json` };
  const missing = names.map((name) => report.clis[name]).filter((cli) => !cli.installed);
  if (missing.length > 0)
    return { ready: false, why: `${missing.map((cli) => `${cli.package}@${cli.version}`).join(' and ')} not installed in ${report.cache}` };
  return { ready: true, clis: Object.fromEntries(names.map((name) => [name, report.clis[name]])) as unknown as Record<N, AgentCli> };
}

/** The note of a skipped real-agent test (`what` names the tests); throws instead when the CLIs are required. */
export function skipNote(clis: { readonly ready: false; readonly why: string }, env: NodeJS.ProcessEnv = process.env, what = 'real agent CLI tests'): string {
  const note = `${what} need the agent CLIs: ${clis.why}; install them with \`${INSTALL_COMMAND}\``;
  if (env['PAD_LATTICE_REQUIRE_AGENT_CLIS'] === '1') throw new Error(`${note} (PAD_LATTICE_REQUIRE_AGENT_CLIS=1: they must run here)`);
  return note;
}
