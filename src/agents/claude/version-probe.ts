import { formatAgentVersion, parseAgentVersion, probeAgentVersion, VERSION_PROBE_TIMEOUT_MS, type AgentVersion } from '../shared/version-probe.js';

/*
 * `claude --version` (agent-adapters.md §B.8.2), through the probe every
 * adapter shares: the first `x.y.z` of `2.1.120 (Claude Code)`; any failure
 * (missing binary, timeout, no version) is null, and the launcher then
 * registers the core event set.
 */

export type ClaudeVersion = AgentVersion;
export { VERSION_PROBE_TIMEOUT_MS };
export const parseClaudeVersion = parseAgentVersion;
export const formatClaudeVersion = formatAgentVersion;
export const probeClaudeVersion = probeAgentVersion;
