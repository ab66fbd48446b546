import { spawn } from 'node:child_process';

/** `major.minor.patch` of an agent CLI. */
export interface AgentVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** The probe gives up after this long (agent-adapters.md §B.8.2). */
export const VERSION_PROBE_TIMEOUT_MS = 5_000;

/** The first `x.y.z` in a `--version` output (`codex-cli 0.171.0`, `2.1.120 (Claude Code)`). */
export function parseAgentVersion(output: string): AgentVersion | null {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(output);
  if (match === null) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

export function formatAgentVersion(version: AgentVersion): string {
  return `${version.major}.${version.minor}.${version.patch}`;
}

/** True when `version` is `least` or later. */
export function atLeast(version: AgentVersion, least: AgentVersion): boolean {
  if (version.major !== least.major) return version.major > least.major;
  if (version.minor !== least.minor) return version.minor > least.minor;
  return version.patch >= least.patch;
}

/**
 * Runs `<bin> --version` once, stdin closed, and parses stdout. Any failure
 * (missing binary, timeout, no version in the output) is null.
 */
export function probeAgentVersion(bin: string, env: NodeJS.ProcessEnv, timeoutMs = VERSION_PROBE_TIMEOUT_MS): Promise<AgentVersion | null> {
  return new Promise((resolve) => {
    let output = '';
    let settled = false;
    const finish = (version: AgentVersion | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(version);
    };
    const child = spawn(bin, ['--version'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(null);
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (output.length < 4096) output += chunk;
    });
    child.once('error', () => finish(null));
    child.once('close', () => finish(parseAgentVersion(output)));
  });
}
