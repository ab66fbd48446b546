import { spawn } from 'node:child_process';

export interface ClaudeVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** The probe gives up after this long (agent-adapters.md §B.8.2). */
export const VERSION_PROBE_TIMEOUT_MS = 5_000;

/** The first `x.y.z` in the output of `claude --version`, e.g. `2.1.120 (Claude Code)`. */
export function parseClaudeVersion(output: string): ClaudeVersion | null {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(output);
  if (match === null) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

export function formatClaudeVersion(version: ClaudeVersion): string {
  return `${version.major}.${version.minor}.${version.patch}`;
}

/**
 * Runs `<claude> --version` once, stdin closed, and parses stdout. Any
 * failure (missing binary, timeout, no version in the output) is null: the
 * launcher then registers the core event set.
 */
export function probeClaudeVersion(claudeBin: string, env: NodeJS.ProcessEnv, timeoutMs = VERSION_PROBE_TIMEOUT_MS): Promise<ClaudeVersion | null> {
  return new Promise((resolve) => {
    let output = '';
    let settled = false;
    const finish = (version: ClaudeVersion | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(version);
    };
    const child = spawn(claudeBin, ['--version'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(null);
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (output.length < 4096) output += chunk;
    });
    child.once('error', () => finish(null));
    child.once('close', () => finish(parseClaudeVersion(output)));
  });
}
