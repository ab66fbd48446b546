import type { LauncherOptions } from '../shared/launcher-options.js';
import { atLeast, probeAgentVersion, type AgentVersion } from '../shared/version-probe.js';

/**
 * The first Codex on which the app-server path was verified: `codex
 * app-server --listen unix://PATH`, `codex --remote unix://PATH`, a second
 * client receiving and answering the thread's approvals and questions, and
 * `serverRequest/resolved` reaching every client.
 */
export const APP_SERVER_SINCE: AgentVersion = Object.freeze({ major: 0, minor: 171, patch: 0 });

export type CodexPath = 'app-server' | 'hooks';

/**
 * How `pad-lattice codex` runs this Codex: through its app-server when
 * `codex --version` names APP_SERVER_SINCE or later, else (an older Codex,
 * or a version that cannot be read) with hooks; `--hooks` asks for hooks.
 */
export async function chooseCodexPath(options: Pick<LauncherOptions, 'agentBin' | 'extraSwitches'>, env: NodeJS.ProcessEnv): Promise<CodexPath> {
  if (options.extraSwitches.has('--hooks')) return 'hooks';
  const version = await probeAgentVersion(options.agentBin, env);
  return version !== null && atLeast(version, APP_SERVER_SINCE) ? 'app-server' : 'hooks';
}
