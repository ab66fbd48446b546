import { spawn } from 'node:child_process';
import { findOnPath } from '../../support/find-on-path.js';
import type { DoctorCheck } from './doctor-report.js';

/** One coding-agent CLI the pad works with, and the versions that says so. */
export interface AgentCliSpec {
  /** The executable and the launcher command (`pad-lattice <name>`). */
  readonly name: string;
  readonly product: string;
  /** The version the real-CLI tests run (scripts/agent-clis.json pins the same). */
  readonly tested: string;
  /** Below this the launcher cannot take approvals from the pad (the state still shows); null when unknown. */
  readonly approvalsFrom: string | null;
}

export const AGENT_CLIS: readonly AgentCliSpec[] = [
  // Claude Code's PermissionRequest hook arrived in 2.0.45.
  { name: 'claude', product: 'Claude Code', tested: '2.1.332', approvalsFrom: '2.0.45' },
  { name: 'codex', product: 'Codex', tested: '0.171.0', approvalsFrom: null },
  { name: 'gemini', product: 'Gemini CLI', tested: '0.61.0', approvalsFrom: null },
  { name: 'copilot', product: 'GitHub Copilot CLI', tested: '1.0.102', approvalsFrom: null },
  { name: 'opencode', product: 'opencode', tested: '1.18.33', approvalsFrom: null },
];

/**
 * How well the pad works with an installed version: `supported` at or above
 * the tested version; `untested` below it (older versions may lack the
 * hooks or server the launcher uses); `no_approvals` below a version known
 * to lack the approval hook; `unknown` when `--version` said no version.
 */
export type AgentCliSupport = 'supported' | 'untested' | 'no_approvals' | 'unknown';

export function supportOf(spec: AgentCliSpec, version: string | null): AgentCliSupport {
  if (version === null) return 'unknown';
  if (compareVersions(version, spec.tested) >= 0) return 'supported';
  if (spec.approvalsFrom !== null && compareVersions(version, spec.approvalsFrom) < 0) return 'no_approvals';
  return 'untested';
}

/** The first `x.y.z` of a `--version` output (`GitHub Copilot CLI 1.0.102.`, `2.1.332 (Claude Code)`). */
export function versionIn(output: string): string | null {
  return /(\d+)\.(\d+)\.(\d+)/.exec(output)?.[0] ?? null;
}

export interface AgentCliSources {
  /** Where `name` is on PATH, or null. */
  readonly locate: (name: string) => string | null;
  /** What `<path> --version` printed, or null when it failed or took too long. */
  readonly versionOutput: (path: string) => Promise<string | null>;
}

/** The real machine: PATH of `env`, and `--version` run the way a user would. */
export function agentCliSourcesFor(env: NodeJS.ProcessEnv): AgentCliSources {
  return { locate: (name) => findOnPath(name, env), versionOutput: (path) => versionOutput(path, env) };
}

/** Stdout of `<path> --version`, stdin closed (Gemini CLI otherwise waits for a piped prompt), at most 10 s and 4 KiB. */
function versionOutput(path: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(path, ['--version'], { env, stdio: ['ignore', 'pipe', 'ignore'], timeout: VERSION_TIMEOUT_MS });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (output.length < 4096) output += chunk;
    });
    child.once('error', () => resolve(null));
    child.once('close', (code) => resolve(code === 0 ? output : null));
  });
}

/** Gemini CLI takes about 2.5 s on a busy 2-core machine; Copilot's first run unpacks its runtime. */
const VERSION_TIMEOUT_MS = 10_000;

const SUPPORT_WORDS: Readonly<Record<AgentCliSupport, string>> = {
  supported: 'supported',
  untested: 'older than tested',
  no_approvals: 'state only, no approvals',
  unknown: 'version unknown',
};

/**
 * `agent_clis`: which agent CLIs are on PATH, their versions, and how the
 * pad supports each. A warning when none is found or one is below what the
 * launchers are tested with.
 */
export async function agentClisCheck(sources: AgentCliSources): Promise<DoctorCheck> {
  const found = await Promise.all(
    AGENT_CLIS.map(async (spec) => {
      const path = sources.locate(spec.name);
      if (path === null) return null;
      const version = versionIn((await sources.versionOutput(path)) ?? '');
      return { name: spec.name, product: spec.product, path, version, tested: spec.tested, support: supportOf(spec, version) };
    }),
  );
  const clis = found.filter((cli) => cli !== null);
  if (clis.length === 0) {
    const names = AGENT_CLIS.map((spec) => spec.name).join(', ');
    return { name: 'agent_clis', status: 'warning', summary: `no agent CLI found on PATH (looked for ${names})`, details: { clis } };
  }
  const summary = clis.map((cli) => `${cli.name} ${cli.version ?? '?'} (${SUPPORT_WORDS[cli.support]})`).join(', ');
  const status = clis.every((cli) => cli.support === 'supported') ? 'ok' : 'warning';
  return { name: 'agent_clis', status, summary, details: { clis } };
}

function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
