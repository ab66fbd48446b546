import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatLikePythonG, shellQuote } from './python-format.js';

/** Which agent a hook command serves; `codex` keeps the reference's argument list unchanged. */
export type HookAgent = 'codex' | 'claude' | 'gemini' | 'copilot';

/**
 * The program an agent runs for every hook event: the light entry
 * (`pad-lattice-hook`, hook-main.js) started by a Node interpreter named by
 * its absolute path, so the command works whether or not the script file is
 * executable and whatever PATH the agent gives its hooks.
 */
export interface HookEntry {
  readonly node: string;
  readonly script: string;
}

/**
 * The Node running this launcher and the built hook entry next to this
 * module: the same for a checkout (`node dist/src/cli/main.js`), `npx`,
 * `npm install -g` and `npm link`.
 */
export function defaultHookEntry(): HookEntry {
  // The bin file, not hook-main.js: it installs the SIGUSR1 guard before anything else loads.
  return { node: process.execPath, script: fileURLToPath(new URL('./hook-bin.js', import.meta.url)) };
}

/** The hook entry is not where the launcher expects it; the launcher prints `pad-lattice: <message>` and exits 1. */
export class HookEntryMissingError extends Error {
  override readonly name = 'HookEntryMissingError';
  constructor(readonly path: string) {
    super(`cannot find Pad-Lattice's hook program ${path}; run 'npm run build' in a checkout, or reinstall pad-lattice`);
  }
}

export interface HookCommandInput {
  readonly entry: HookEntry;
  /** The `--socket` value (expanded, made absolute and symlink-resolved here). */
  readonly socketPath: string;
  /** Seconds, already validated positive. */
  readonly approvalTimeout: number;
  readonly agent: HookAgent;
  /** For `HOME`. */
  readonly env: NodeJS.ProcessEnv;
  /** Working directory against which a relative socket path resolves. */
  readonly cwd: string;
}

/**
 * The shell command an agent runs for every hook event:
 * `exec '<node>' '<hook-bin.js>' [--agent claude] --socket '<socket>' --approval-timeout <t>`,
 * every path absolute, symlinks resolved and shell-quoted. `exec` lets the
 * hook replace the shell the agent starts it with, so a signal the agent
 * sends its hook reaches the hook itself. The text is deterministic for one
 * Node, install, socket and timeout, because Codex remembers hook trust per
 * exact definition.
 */
export function hookCommand(input: HookCommandInput): string {
  const node = realpathOrMissing(input.entry.node);
  const script = realpathOrMissing(input.entry.script);
  const socket = shellQuote(resolveLenient(expandHome(input.socketPath, input.env), input.cwd));
  const agentFlag = input.agent === 'codex' ? '' : ` --agent ${input.agent}`;
  return `exec ${shellQuote(node)} ${shellQuote(script)}${agentFlag} --socket ${socket} --approval-timeout ${formatLikePythonG(input.approvalTimeout)}`;
}

/** Seconds the agent gives one hook: the approval wait plus a margin, or 5 for a plain state report (§A.7.2). */
export function hookTimeoutSeconds(permissionRequest: boolean, approvalTimeout: number): number {
  return permissionRequest ? Math.ceil(approvalTimeout) + 5 : 5;
}

function realpathOrMissing(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    throw new HookEntryMissingError(path);
  }
}

function expandHome(path: string, env: NodeJS.ProcessEnv): string {
  if (path !== '~' && !path.startsWith('~/')) return path;
  const home = env['HOME'] !== undefined && env['HOME'] !== '' ? env['HOME'] : homedir();
  return `${home}${path.slice(1)}`;
}

/** Like Python's `os.path.realpath`: resolves symlinks in the part that exists and keeps the missing rest. */
function resolveLenient(path: string, cwd: string): string {
  const absolute = isAbsolute(path) ? resolve(path) : resolve(cwd, path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    if (parent === absolute) return absolute;
    return join(resolveLenient(parent, cwd), basename(absolute));
  }
}
