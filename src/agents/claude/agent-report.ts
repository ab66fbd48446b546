import { makeIdentity, type AgentIdentity } from '../../domain/index.js';
import type { ClaudeHookInput } from './hook-input.js';

export const CLAUDE_BACKEND = 'claude';

/** Identity, display metadata and lease id of one Claude hook report (agent-adapters.md §B.4). */
export interface AgentReport {
  readonly identity: AgentIdentity;
  /** `cwd`, `model`, `label`, each only when known. */
  readonly metadata: Readonly<Record<string, string>>;
  readonly leaseId: string | null;
}

export function agentReportFor(input: ClaudeHookInput, env: NodeJS.ProcessEnv): AgentReport {
  const metadata: Record<string, string> = {};
  // The project root does not follow `cd` or worktrees, so the label derived from it stays put all session.
  const cwd = nonEmpty(env['CLAUDE_PROJECT_DIR']) ?? input.cwd;
  if (cwd !== null) metadata['cwd'] = cwd;
  if (input.model !== null) metadata['model'] = input.model;
  const label = nonEmpty(env['PAD_LATTICE_LABEL']);
  if (label !== null) metadata['label'] = label;
  return {
    identity: makeIdentity(CLAUDE_BACKEND, input.sessionId),
    metadata,
    leaseId: nonEmpty(env['PAD_LATTICE_LEASE_ID']),
  };
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}
