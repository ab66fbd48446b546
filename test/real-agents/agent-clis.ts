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
  const report = installReport(env);
  if (typeof report === 'string') return { ready: false, why: report };
  const missing = [report.clis.claude, report.clis.codex].filter((cli) => !cli.installed);
  if (missing.length > 0)
    return { ready: false, why: `${missing.map((cli) => `${cli.package}@${cli.version}`).join(' and ')} not installed in ${report.cache}` };
  return { ready: true, claude: report.clis.claude, codex: report.clis.codex };
}

/** One pinned CLI, installed, or why not. */
export function locateAgentCli(
  name: AgentCliName,
  env: NodeJS.ProcessEnv = process.env,
): { readonly ready: true; readonly cli: AgentCli } | { readonly ready: false; readonly why: string } {
  const report = installReport(env);
  if (typeof report === 'string') return { ready: false, why: report };
  const cli = report.clis[name];
  if (cli === undefined || !cli.installed)
    return { ready: false, why: `${cli === undefined ? name : `${cli.package}@${cli.version}`} not installed in ${report.cache}` };
  return { ready: true, cli };
}

/** The note of a skipped real-agent test; throws instead when the CLIs are required. */
export function skipNote(clis: { readonly ready: false; readonly why: string }, env: NodeJS.ProcessEnv = process.env): string {
  const note = `real agent CLI tests need the agent CLIs: ${clis.why}; install them with \`${INSTALL_COMMAND}\``;
  if (env['PAD_LATTICE_REQUIRE_AGENT_CLIS'] === '1') throw new Error(`${note} (PAD_LATTICE_REQUIRE_AGENT_CLIS=1: they must run here)`);
  return note;
}
