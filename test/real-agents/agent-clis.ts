import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/*
 * Where the real Claude Code and Codex CLIs are: the cache scripts/install-agent-clis.mjs fills.
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

interface InstallReport {
  readonly cache: string;
  readonly clis: Readonly<Record<'claude' | 'codex', AgentCli & { readonly installed: boolean }>>;
}

/** Asks the install script (installing nothing) which pinned CLIs are in the cache. */
export function locateAgentClis(env: NodeJS.ProcessEnv = process.env): AgentClis {
  const run = spawnSync(process.execPath, [INSTALL_SCRIPT, '--check', '--json'], { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] });
  let report: InstallReport;
  try {
    report = JSON.parse(run.stdout) as InstallReport;
  } catch {
    return { ready: false, why: `${INSTALL_SCRIPT} --check failed: ${run.stderr.trim()}` };
  }
  const missing = Object.values(report.clis).filter((cli) => !cli.installed);
  if (missing.length > 0)
    return { ready: false, why: `${missing.map((cli) => `${cli.package}@${cli.version}`).join(' and ')} not installed in ${report.cache}` };
  return { ready: true, claude: report.clis.claude, codex: report.clis.codex };
}

/** The note of a skipped real-agent test; throws instead when the CLIs are required. */
export function skipNote(clis: AgentClis & { ready: false }, env: NodeJS.ProcessEnv = process.env): string {
  const note = `real Claude Code/Codex tests need the agent CLIs: ${clis.why}; install them with \`${INSTALL_COMMAND}\``;
  if (env['PAD_LATTICE_REQUIRE_AGENT_CLIS'] === '1') throw new Error(`${note} (PAD_LATTICE_REQUIRE_AGENT_CLIS=1: they must run here)`);
  return note;
}
